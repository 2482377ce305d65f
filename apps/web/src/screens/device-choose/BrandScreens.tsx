import type { DeviceBrand } from '@hestia/contract';
import TagIcon from 'lucide-react/icons/tag';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { configPaths } from '../../routes.ts';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { useDeviceBrandsQuery } from './data.ts';
import { GENERIC_BRAND } from './device-link.ts';
import { GroupModelsScreen, GroupRow, profilesOf } from './ModelList.tsx';
import { useModelNames } from './model-names.ts';

/** Hestia's own brand first, then the others by name. */
const byName = (a: DeviceBrand, b: DeviceBrand) =>
  a.id === GENERIC_BRAND ? -1 : b.id === GENERIC_BRAND ? 1 : a.name.localeCompare(b.name);

/**
 * deviceBrandList (spec section 2): the brands of the catalogue. `generic`, the catalogue's name for
 * Hestia's own devices, is shown as Hestia (the app's name in the user's language).
 */
export function BrandListScreen() {
  const { t } = useTranslation();
  const names = useModelNames();
  const query = useDeviceBrandsQuery();
  return (
    <StackScreen
      title={t('deviceChoose.brands.title')}
      backTo={configPaths.selectMode()}
      testId="screen-device-brands"
      slide="side"
    >
      <QueryView query={query}>
        {(brands) => (
          <ul className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
            {[...brands].sort(byName).map((b) => {
              const models = profilesOf(b.profileIds);
              const families = [...new Set(models.map((p) => names.familyOf(p)))];
              return (
                <GroupRow
                  key={b.id}
                  to={configPaths.brandModels(b.id)}
                  testId="brand-row"
                  data={{ 'data-brand-id': b.id }}
                  profile={models[0]}
                  title={names.brand(b)}
                  subtitle={
                    b.id === GENERIC_BRAND
                      ? t('deviceChoose.brands.genericHint')
                      : families.join(t('common.separator'))
                  }
                />
              );
            })}
          </ul>
        )}
      </QueryView>
    </StackScreen>
  );
}

/** configBaseDeviceBrand [brandId] (spec section 2): one brand's models. */
export function BrandModelsScreen() {
  const { t } = useTranslation();
  const names = useModelNames();
  const { brandId = '' } = useParams();
  const query = useDeviceBrandsQuery();
  const brand = query.data?.find((b) => b.id === brandId);
  return (
    <GroupModelsScreen
      title={brand ? names.brand(brand) : t('deviceChoose.brands.title')}
      backTo={configPaths.brands()}
      testId="screen-brand-models"
      query={query}
      group={brand}
      unknown={{ icon: TagIcon, title: t('deviceChoose.brands.unknown') }}
    />
  );
}
