import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushSupport, registerPush } from '../../data/web-push.ts';
import { Section } from '../../ui/Section.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/Toast.tsx';

/**
 * Asks the browser for push permission on the user's tap (browsers ignore a prompt nobody asked for)
 * and registers the subscription. Off on plain http, where push is not offered (spec section 4).
 */
export function PushToggle() {
  const { t } = useTranslation();
  const support = pushSupport();
  const [on, setOn] = useState(support === 'supported' && Notification.permission === 'granted');
  const [busy, setBusy] = useState(false);
  const hint =
    support === 'unsupported'
      ? t('notifications.push.unsupported')
      : support === 'denied'
        ? t('notifications.push.denied')
        : t('notifications.push.hint');
  return (
    <Section title={t('notifications.push.title')} hint={hint}>
      <div className="flex min-h-14 items-center gap-3 px-4 py-2.5">
        <span className="min-w-0 flex-1 text-[15px] font-medium">{t('notifications.push.on')}</span>
        <Switch
          checked={on}
          busy={busy}
          disabled={support !== 'supported' || on}
          label={t('notifications.push.on')}
          testId="push-toggle"
          onChange={async (next) => {
            if (!next) return;
            setBusy(true);
            const ok = await registerPush({ ask: true });
            setBusy(false);
            setOn(ok);
            if (ok) toast.success(t('notifications.push.enabled'));
          }}
        />
      </div>
    </Section>
  );
}
