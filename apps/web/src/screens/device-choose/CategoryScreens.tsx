import LayoutListIcon from 'lucide-react/icons/layout-list';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { configPaths } from '../../routes.ts';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { useDeviceCategoriesQuery } from './data.ts';
import { GroupModelsScreen, GroupRow, profilesOf } from './ModelList.tsx';
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
                <GroupRow
                  key={c.id}
                  to={configPaths.categoryTypes(c.id)}
                  testId="category-row"
                  data={{ 'data-category-id': c.id }}
                  profile={models[0]}
                  title={names.family(c.title, c.id)}
                  subtitle={kinds.join(t('common.separator'))}
                />
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
