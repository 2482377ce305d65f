import ListIcon from 'lucide-react/icons/list';
import WandSparklesIcon from 'lucide-react/icons/wand-sparkles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { errorText } from '../../data/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { Row } from '../../ui/Row.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { useCategoryText } from './categories.tsx';
import {
  useAddCatalogueRemote,
  useCatalogueRemotes,
  useCategoryBrands,
  useRemoteCategories,
  wasTried,
} from './data.ts';
import { remotePaths } from './paths.ts';

const LIST = 'divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60';
export const numberParam = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** choose-remote-type: a remote from the catalogue (by category and brand), or one learned from the user's own. */
export function ChooseRemoteTypeScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <StackScreen
      title={t('remote.choose.title')}
      backTo={remotePaths.list(id)}
      testId="screen-remote-type"
      slide="side"
    >
      <p className="mb-4 text-[15px] text-muted">{t('remote.choose.intro')}</p>
      <div className={LIST}>
        <Row
          icon={ListIcon}
          title={t('remote.choose.catalogue')}
          subtitle={t('remote.choose.catalogueHint')}
          to={remotePaths.categories(id)}
          testId="remote-type-catalogue"
        />
        <Row
          icon={WandSparklesIcon}
          title={t('remote.choose.custom')}
          subtitle={t('remote.choose.customHint')}
          to={remotePaths.personalize(id)}
          testId="remote-type-custom"
        />
      </div>
    </StackScreen>
  );
}

/** add-ir-remote-category-list: TV, air conditioner, set-top box, projector, audio, fan. */
export function RemoteCategoryListScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useRemoteCategories();
  const category = useCategoryText();
  return (
    <StackScreen
      title={t('remote.categories.title')}
      backTo={remotePaths.chooseType(id)}
      testId="screen-remote-categories"
      slide="side"
    >
      <QueryView query={query}>
        {(list) => (
          <div className={LIST}>
            {list.map((c) => (
              <Row
                key={c.id}
                icon={category.icon(c.id)}
                title={category.name(c.id, c.name)}
                to={remotePaths.brands(id, c.id)}
                testId={`remote-category-${c.key}`}
              />
            ))}
          </div>
        )}
      </QueryView>
    </StackScreen>
  );
}

/** brand-list-base-category: the brands that have remotes in the category. */
export function RemoteBrandListScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const categoryType = numberParam(search.get('categoryType'));
  const query = useCategoryBrands(categoryType);
  const category = useCategoryText();
  return (
    <StackScreen
      title={category.name(categoryType, t('remote.brands.title'))}
      backTo={remotePaths.categories(id)}
      testId="screen-remote-brands"
      slide="side"
    >
      <h2 className="mb-3 px-1 text-sm font-semibold text-muted">{t('remote.brands.title')}</h2>
      <QueryView query={query} empty={{ icon: ListIcon, title: t('remote.brands.none') }}>
        {(brands) => (
          <div className={LIST}>
            {brands.map((b) => (
              <Row
                key={b.categoryBrandId}
                title={<bdi>{b.brandName}</bdi>}
                to={remotePaths.brandRemotes(id, { brandType: b.brandId, categoryType })}
                testId="remote-brand"
              />
            ))}
          </div>
        )}
      </QueryView>
    </StackScreen>
  );
}

/**
 * selected-brand-devices: the brand's remotes in the category. "Try" puts the remote on the blaster
 * and opens it, asking whether the device responds; a "no" takes it off again to try the next.
 */
export function BrandRemotesScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const categoryType = numberParam(search.get('categoryType'));
  const brandType = numberParam(search.get('brandType'));
  const query = useCatalogueRemotes(categoryType, brandType);
  const add = useAddCatalogueRemote(id);
  const [trying, setTrying] = useState<string>();
  const brand = query.data?.[0]?.brandName;
  return (
    <StackScreen
      title={brand ?? t('remote.brandRemotes.title')}
      backTo={remotePaths.brands(id, categoryType)}
      testId="screen-brand-remotes"
      slide="side"
    >
      <p className="mb-4 text-[15px] text-muted">{t('remote.brandRemotes.intro')}</p>
      {add.error ? <FormAlert testId="remote-add-error">{errorText(add.error, t)}</FormAlert> : null}
      <QueryView query={query} empty={{ icon: ListIcon, title: t('remote.brandRemotes.none') }}>
        {(remotes) => (
          <ul className={LIST}>
            {remotes.map((r) => (
              <li
                key={r.remoteId}
                className="flex items-center gap-3 px-4 py-3"
                data-testid="brand-remote"
                data-model={r.model}
              >
                <span className="min-w-0 flex-1">
                  <bdi className="block truncate text-[15px] font-medium">{r.name}</bdi>
                  <span className="block text-[13px] text-muted">
                    {r.kind === 'state'
                      ? t('remote.brandRemotes.stateRemote')
                      : t('remote.brandRemotes.buttons', { count: r.data.buttons.length })}
                    {wasTried(id, r.remoteId)
                      ? ` ${t('common.separator')} ${t('remote.brandRemotes.tried')}`
                      : ''}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  nowrap
                  className="h-10 px-4"
                  busy={trying === r.remoteId && add.isPending}
                  disabled={add.isPending}
                  data-testid="brand-remote-try"
                  onClick={() => {
                    setTrying(r.remoteId);
                    add.mutate(Number(r.remoteId), {
                      onSuccess: (added) =>
                        void navigate(
                          remotePaths.controller(id, {
                            remoteId: added.id,
                            isForAddTolist: true,
                            categoryType,
                          }),
                        ),
                    });
                  }}
                >
                  {t('remote.brandRemotes.try')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </StackScreen>
  );
}
