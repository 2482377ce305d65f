import type { DeviceNotificationKind } from '@hestia/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { useNotificationSettingsQuery, useSaveNotificationSettings } from '../../data/notifications.ts';
import { homePaths } from '../../routes.ts';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/Toast.tsx';

/**
 * Which of a device's events notify its owner (spec: notification-personalization). Owners only:
 * a shared device answers that notification settings are unavailable (spec section 5).
 */
export default function NotificationPersonalizationScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const device = useDeviceQuery(id);
  const settings = useNotificationSettingsQuery(id);
  const save = useSaveNotificationSettings(id);
  const toggle = (kind: DeviceNotificationKind, enabled: boolean) =>
    save.mutate([{ kind, enabled }], {
      onSuccess: () => toast.success(t('notifications.settings.saved'), { id: 'notification-settings' }),
      onError: (err) => toast.error(errorText(err, t)),
    });
  return (
    <StackScreen
      title={t('notifications.settings.title')}
      backTo={homePaths.deviceSetting(id)}
      testId="screen-notification-personalization"
    >
      {device.data ? <p className="mb-4 px-1 text-sm text-muted">{device.data.label}</p> : null}
      {settings.isPending ? (
        <LoadingBlock />
      ) : settings.isError ? (
        <ErrorState message={errorText(settings.error, t)} />
      ) : (
        <Section hint={t('notifications.settings.hint')}>
          {settings.data.kinds.map(({ kind, enabled }) => (
            <div key={kind} className="flex min-h-14 items-center gap-3 px-4 py-2.5">
              <span className="min-w-0 flex-1 text-[15px] font-medium">
                {t(`notifications.kind.${kind}`)}
              </span>
              <Switch
                checked={enabled}
                busy={save.isPending && save.variables?.[0]?.kind === kind}
                label={t(`notifications.kind.${kind}`)}
                testId={`notify-${kind}`}
                onChange={(next) => toggle(kind, next)}
              />
            </div>
          ))}
        </Section>
      )}
    </StackScreen>
  );
}
