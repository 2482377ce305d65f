import type { Share, ShareStatus } from '@hestia/contract';
import EyeIcon from 'lucide-react/icons/eye';
import PlusIcon from 'lucide-react/icons/plus';
import PowerIcon from 'lucide-react/icons/power';
import Trash2Icon from 'lucide-react/icons/trash-2';
import UsersIcon from 'lucide-react/icons/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { useDeviceQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { useDeleteShare, useSharesQuery, useUpdateShare } from '../../data/shares.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { homePaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { ErrorState } from '../../ui/EmptyState.tsx';
import { ChevronEndIcon } from '../../ui/icons.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { toast } from '../../ui/Toast.tsx';
import { ShareEndDate } from '../shell/ShareEndDate.tsx';

const STATUS_TONE: Record<ShareStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  active: 'bg-success/15 text-success-text',
  expired: 'bg-surface-2 text-muted',
  deleted: 'bg-danger-soft text-danger',
};

/** Live shares first, then pending, then the history. */
const ORDER: Record<ShareStatus, number> = { active: 0, pending: 1, expired: 2, deleted: 3 };

export function StatusChip({ status }: { status: ShareStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="share-status"
      data-status={status}
      className={`inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-[12px] font-semibold ${STATUS_TONE[status]}`}
    >
      {t(`home.users.status_${status}`)}
    </span>
  );
}

function useDate() {
  const language = currentLanguage();
  return (iso: string | null) => (iso ? formatDateTime(new Date(iso), language) : null);
}

function shareName(share: Share, t: (key: 'home.users.pendingName') => string): string {
  return share.user?.name || share.user?.username || t('home.users.pendingName');
}

/** The dates the spec lists for a share, only those that are set. */
function ShareDates({ share }: { share: Share }) {
  const { t } = useTranslation();
  const date = useDate();
  const rows = [
    ['requested', share.requestDate],
    ['activated', share.activationDate],
    [share.status === 'expired' ? 'expired' : 'expires', share.expirationDate],
    ['deleted', share.deleteDate],
  ] as const;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-[13px]">
      {rows
        .filter(([, v]) => v)
        .map(([key, v]) => (
          <div key={key} className="contents">
            <dt className="text-muted">{t(`home.users.date_${key}`)}</dt>
            <dd className="font-medium">{date(v)}</dd>
          </div>
        ))}
    </dl>
  );
}

/** common-users [id] (spec section 2): the device's users and requests, with statuses and dates. */
export function CommonUsersScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const device = useDeviceQuery(id);
  const shares = useSharesQuery(id);
  const list = [...(shares.data ?? [])].sort(
    (a, b) => ORDER[a.status] - ORDER[b.status] || b.requestDate.localeCompare(a.requestDate),
  );
  return (
    <StackScreen
      title={t('home.users.title')}
      testId="screen-common-users"
      backTo={homePaths.deviceSetting(id)}
      action={
        <Link
          to={homePaths.shareDevice(id)}
          aria-label={t('home.share.title')}
          className="grid size-11 place-items-center rounded-full text-accent-text hover:bg-accent-soft"
        >
          <PlusIcon size={22} />
        </Link>
      }
    >
      {device.data ? (
        <p className="mb-4 px-1 text-[15px] text-muted">
          {t('home.users.intro')} <bdi className="font-semibold text-ink">{device.data.label}</bdi>
        </p>
      ) : null}
      <QueryView
        query={shares}
        empty={{
          icon: UsersIcon,
          title: t('home.users.empty'),
          body: t('home.users.emptyHint'),
          action: (
            <Link
              to={homePaths.shareDevice(id)}
              className="inline-flex h-12 items-center gap-2 rounded-full bg-accent px-6 font-semibold text-on-accent"
            >
              <PlusIcon size={18} />
              {t('home.share.title')}
            </Link>
          ),
        }}
      >
        {() => (
          <ul className="space-y-3" data-testid="share-list">
            {list.map((share) => (
              <li key={share.id}>
                <Link
                  to={homePaths.deviceUser(share.id, id)}
                  data-testid="share-row"
                  data-share-id={share.id}
                  className="flex items-start gap-3 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60 transition-colors hover:bg-surface-2/60"
                >
                  <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-[15px] font-semibold text-accent-text uppercase">
                    {share.user ? Array.from(shareName(share, t))[0] : <UsersIcon size={20} />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <bdi className="min-w-0 truncate font-semibold">{shareName(share, t)}</bdi>
                      <StatusChip status={share.status} />
                    </span>
                    <span className="mt-0.5 mb-2 flex items-center gap-1 text-[13px] text-muted">
                      {share.scope === 'view' ? <EyeIcon size={14} /> : <PowerIcon size={14} />}
                      {t(`home.share.scope_${share.scope}`)}
                      {share.user?.username ? (
                        <>
                          {t('common.separator')}
                          <bdi dir="ltr">{share.user.username}</bdi>
                        </>
                      ) : null}
                    </span>
                    <ShareDates share={share} />
                  </span>
                  <ChevronEndIcon size={18} className="mt-3 shrink-0 text-muted" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </StackScreen>
  );
}

/** device-user-screen [id] (spec section 2): one share's dates and status; change its scope or revoke it. */
export function DeviceUserScreen() {
  const { t } = useTranslation();
  const { id: shareId = '' } = useParams();
  const [search] = useSearchParams();
  const deviceId = search.get('deviceId') ?? '';
  const navigate = useNavigate();
  const shares = useSharesQuery(deviceId, deviceId !== '');
  const share = shares.data?.find((s) => s.id === shareId);
  const update = useUpdateShare(deviceId);
  const revoke = useDeleteShare(deviceId);
  const [confirm, setConfirm] = useState(false);
  const live = share?.status === 'active' || share?.status === 'pending';
  const fail = (err: unknown) => toast.error(errorText(err, t));

  return (
    <StackScreen
      title={t('home.users.detail')}
      testId="screen-device-user"
      backTo={homePaths.commonUsers(deviceId)}
    >
      <QueryView query={shares}>
        {() =>
          !share ? (
            <ErrorState message={t('errors.NOT_FOUND')} />
          ) : (
            <>
              <div className="mb-6 rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60">
                <div className="flex items-center gap-3">
                  <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent-soft text-lg font-semibold text-accent-text uppercase">
                    {share.user ? Array.from(shareName(share, t))[0] : <UsersIcon size={22} />}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-lg font-semibold">
                      <bdi>{shareName(share, t)}</bdi>
                    </p>
                    {share.user?.username ? (
                      <p className="truncate text-[13px] text-muted" dir="ltr">
                        {share.user.username}
                      </p>
                    ) : null}
                  </div>
                  <StatusChip status={share.status} />
                </div>
                <div className="mt-4 border-t border-line pt-4">
                  <ShareDates share={share} />
                </div>
              </div>

              <Section title={t('home.share.scope')} hint={live ? t('home.users.scopeHint') : undefined}>
                {(['control', 'view'] as const).map((scope) => {
                  const Icon = scope === 'control' ? PowerIcon : EyeIcon;
                  const checked = share.scope === scope;
                  return (
                    <label
                      key={scope}
                      className={`flex min-h-14 items-center gap-3 px-4 py-2.5 ${live ? 'cursor-pointer hover:bg-surface-2/60' : 'opacity-60'}`}
                    >
                      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
                        <Icon size={20} />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block text-[15px] font-medium">
                          {t(`home.share.scope_${scope}`)}
                        </span>
                        <span className="block text-[13px] text-muted">
                          {t(`home.share.scope_${scope}_hint`)}
                        </span>
                      </span>
                      <input
                        type="radio"
                        name="share-scope"
                        checked={checked}
                        disabled={!live || update.isPending}
                        data-testid={`user-scope-${scope}`}
                        onChange={() =>
                          update.mutate(
                            { shareId, scope },
                            { onSuccess: () => toast.success(t('home.users.scopeChanged')), onError: fail },
                          )
                        }
                        className="size-5 accent-[var(--hx-accent)]"
                      />
                    </label>
                  );
                })}
              </Section>

              {share.status === 'active' ? <ShareEndDate share={share} /> : null}
              {live ? (
                <Button
                  variant="danger"
                  icon={Trash2Icon}
                  className="w-full"
                  onClick={() => setConfirm(true)}
                  data-testid="revoke-share"
                >
                  {t('home.users.revoke')}
                </Button>
              ) : null}
              <ConfirmDialog
                open={confirm}
                title={t('home.users.revokeTitle')}
                body={t('home.users.revokeBody', { name: shareName(share, t) })}
                confirmLabel={t('home.users.revoke')}
                busy={revoke.isPending}
                onClose={() => setConfirm(false)}
                onConfirm={() =>
                  revoke.mutate(shareId, {
                    onSuccess: () => {
                      toast.success(t('home.users.revoked'));
                      setConfirm(false);
                      void navigate(homePaths.commonUsers(deviceId), { replace: true });
                    },
                    onError: fail,
                  })
                }
              />
            </>
          )
        }
      </QueryView>
    </StackScreen>
  );
}
