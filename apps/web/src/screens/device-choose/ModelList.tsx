import { getProfile, type ModelProfile } from '@hestia/catalog';
import type { UseQueryResult } from '@tanstack/react-query';
import SearchIcon from 'lucide-react/icons/search';
import { type ComponentType, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { configPaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChevronEndIcon } from '../../ui/icons.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { GENERIC_BRAND } from './device-link.ts';
import { latinDigits, useModelNames } from './model-names.ts';

/** The catalogue's models of these ids, in the order given; ids this app does not know are left out. */
export function profilesOf(ids: readonly string[]): ModelProfile[] {
  return ids.flatMap((id) => getProfile(id) ?? []);
}

/**
 * The models of a category or brand (configBaseDeviceType, configBaseDeviceBrand): each with its glyph,
 * its name in words and the model code printed on its label; a search over both. Choosing one goes on
 * to the pairing flow with its profile id.
 */
export function ModelList({ models }: { models: readonly ModelProfile[] }) {
  const { t } = useTranslation();
  const names = useModelNames();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const rows = models.map((p) => {
    const name = names.model(p);
    return { p, name, haystack: `${name} ${p.variant} ${p.id}`.toLowerCase() };
  });
  const needle = latinDigits(query.trim().toLowerCase());
  const shown = needle ? rows.filter((r) => r.haystack.includes(needle)) : rows;

  return (
    <>
      {models.length > 6 ? (
        <div className="relative mb-4">
          <label htmlFor={searchId} className="sr-only">
            {t('deviceChoose.models.search')}
          </label>
          <SearchIcon
            size={18}
            className="pointer-events-none absolute inset-y-0 start-4 my-auto text-muted"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('deviceChoose.models.searchPlaceholder')}
            data-testid="model-search"
            className="h-12 w-full rounded-2xl border border-line bg-surface ps-11 pe-4 text-[16px] outline-none focus:border-accent"
          />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <EmptyState icon={SearchIcon} title={t('deviceChoose.models.none', { query: query.trim() })} />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
          {shown.map(({ p, name }) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => void navigate(configPaths.autoOrManual(p.id))}
                data-testid="model-row"
                data-profile-id={p.id}
                className="flex min-h-16 w-full items-center gap-3 px-4 py-2.5 text-start transition-colors hover:bg-surface-2/60 active:bg-surface-2"
              >
                <DeviceGlyph profile={p} active offline={false} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-[15px] font-medium">{name}</span>
                  <span className="mt-0.5 block truncate text-[13px] text-muted">
                    {p.brand !== GENERIC_BRAND ? <span className="capitalize">{`${p.brand} · `}</span> : null}
                    <bdi dir="ltr">{p.variant}</bdi>
                  </span>
                </span>
                <ChevronEndIcon size={18} className="shrink-0 text-muted" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The screen of one category's or brand's models: the list, or, for an id the catalogue does not
 * know, a clear message and the way back to choosing.
 */
export function GroupModelsScreen<T>({
  title,
  backTo,
  testId,
  query,
  group,
  unknown,
}: {
  title: string;
  backTo: string;
  testId: string;
  query: UseQueryResult<T>;
  group: { id: string; profileIds: readonly string[] } | undefined;
  unknown: { icon: ComponentType<{ size?: number }>; title: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StackScreen title={title} backTo={backTo} testId={testId} slide="side">
      <QueryView query={query}>
        {() =>
          group ? (
            <ModelList key={group.id} models={profilesOf(group.profileIds)} />
          ) : (
            <EmptyState
              icon={unknown.icon}
              title={unknown.title}
              action={
                <Button onClick={() => void navigate(configPaths.selectMode())} variant="secondary">
                  {t('deviceChoose.models.back')}
                </Button>
              }
            />
          )
        }
      </QueryView>
    </StackScreen>
  );
}

/** One category or brand in its list: the first model's glyph, the name, a line about its models. */
export function GroupRow({
  to,
  testId,
  data,
  profile,
  title,
  subtitle,
}: {
  to: string;
  testId: string;
  /** `data-*` attributes naming the group, for tests. */
  data: Record<`data-${string}`, string>;
  profile: ModelProfile | undefined;
  title: string;
  subtitle: string;
}) {
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        {...data}
        className="flex min-h-16 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-surface-2/60 active:bg-surface-2"
      >
        <DeviceGlyph profile={profile} active offline={false} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[15px] font-medium">{title}</span>
          <span className="mt-0.5 block truncate text-[13px] text-muted">{subtitle}</span>
        </span>
        <ChevronEndIcon size={18} className="shrink-0 text-muted" />
      </Link>
    </li>
  );
}
