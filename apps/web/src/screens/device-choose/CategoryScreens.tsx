import LayoutListIcon from 'lucide-react/icons/layout-list';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { configPaths } from '../../routes.ts';
import { ChevronEndIcon } from '../../ui/icons.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { useDeviceCategoriesQuery } from './data.ts';
import { GroupModelsScreen, profilesOf } from './ModelList.tsx';
import { useModelNames } from './model-names.ts';

/** devicesCategoryList (spec section 2): the catalogue's categories, each with its glyph and its kinds. */
export function CategoryListScreen() {
  const { t } = useTranslation();
  const names = useModelNames();
  const query = useDeviceCategoriesQuery();
  return (
    <StackScreen
      title={t('deviceChoose.categories.title')}
      backTo={configPaths.selectMode()}
      testId="screen-device-categories"
      slide="side"
    >
      <QueryView query={query}>
        {(categories) => (
          <ul className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
            {categories.map((c) => {
              const models = profilesOf(c.profileIds);
              const kinds = [...new Set(models.map((p) => names.model(p)))];
              return (
                <li key={c.id}>
                  <Link
                    to={configPaths.categoryTypes(c.id)}
                    data-testid="category-row"
                    data-category-id={c.id}
                    className="flex min-h-16 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-surface-2/60 active:bg-surface-2"
                  >
                    <DeviceGlyph profile={models[0]} active offline={false} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-[15px] font-medium">
                        {names.family(c.title, c.id)}
                      </span>
                      <span className="mt-0.5 block truncate text-[13px] text-muted">
                        {kinds.join(t('common.separator'))}
                      </span>
                    </span>
                    <ChevronEndIcon size={18} className="shrink-0 text-muted" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </StackScreen>
  );
}

/** configBaseDeviceType [categoryId] (spec section 2): the models of one category. */
export function CategoryModelsScreen() {
  const { t } = useTranslation();
  const names = useModelNames();
  const { categoryId = '' } = useParams();
  const query = useDeviceCategoriesQuery();
  const category = query.data?.find((c) => c.id === categoryId);
  return (
    <GroupModelsScreen
      title={category ? names.family(category.title, category.id) : t('deviceChoose.categories.title')}
      backTo={configPaths.categories()}
      testId="screen-category-models"
      query={query}
      group={category}
      unknown={{ icon: LayoutListIcon, title: t('deviceChoose.models.unknownCategory') }}
    />
  );
}
