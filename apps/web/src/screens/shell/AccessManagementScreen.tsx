import type { Share } from '@hestia/contract';
import { useQuery } from '@tanstack/react-query';
import Share2Icon from 'lucide-react/icons/share-2';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api.ts';
import { errorText } from '../../data/errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { homePaths, paths } from '../../routes.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

/**
 * Access management (spec section 2): every share of the user's devices, grouped by device, with who
 * has it, its scope, status and end; a row opens the share, where the owner changes or ends it.
 */
export default function AccessManagementScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const shares = useQuery({
    queryKey: ['shares', 'all'],
    queryFn: () => api.call('listShares', { query: {} }),
  });
  const byDevice = new Map<string, Share[]>();
  for (const s of shares.data ?? []) byDevice.set(s.deviceId, [...(byDevice.get(s.deviceId) ?? []), s]);
  return (
    <StackScreen
      title={t('shell.access.title')}
      slide="bottom"
      backTo={paths.tab('setting')}
      testId="screen-access-management"
    >
      <p className="mb-4 px-1 text-sm text-muted">{t('shell.access.hint')}</p>
      {shares.isPending ? (
        <LoadingBlock />
      ) : shares.isError ? (
        <ErrorState message={errorText(shares.error, t)} onRetry={() => void shares.refetch()} />
      ) : byDevice.size === 0 ? (
        <EmptyState icon={Share2Icon} title={t('shell.access.empty')} body={t('shell.access.emptyBody')} />
      ) : (
        [...byDevice.entries()].map(([deviceId, list]) => (
          <Section key={deviceId} title={list[0]?.deviceLabel ?? ''}>
            {list.map((s) => (
              <Row
                key={s.id}
                testId="access-share"
                to={s.user ? homePaths.deviceUser(s.id, deviceId) : homePaths.commonUsers(deviceId)}
                title={s.user?.name || s.user?.username || t(`shell.access.status.${s.status}`)}
                subtitle={`${t(s.scope === 'view' ? 'shell.access.view' : 'shell.access.control')} · ${t(
                  `shell.access.status.${s.status}`,
                )} · ${
                  s.user && s.expirationDate
                    ? t('shell.access.until', { date: formatDateTime(new Date(s.expirationDate), language) })
                    : t('shell.access.noEnd')
                }`}
              />
            ))}
          </Section>
        ))
      )}
    </StackScreen>
  );
}
