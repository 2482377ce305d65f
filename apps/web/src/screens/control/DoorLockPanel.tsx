import { keyOf } from '@hestia/catalog';
import BellRingIcon from 'lucide-react/icons/bell-ring';
import LockIcon from 'lucide-react/icons/lock';
import LockOpenIcon from 'lucide-react/icons/lock-open';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Section } from '../../ui/Section.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { num } from '../settings/setting-controls.tsx';
import { EventList } from './EventList.tsx';
import { numOf, useEventTime } from './event-history.ts';
import type { PanelProps } from './panels.ts';

/**
 * door-lock [id]: the doorbell, the last event, an open command when the model has one, and the
 * events with user, date and open method (fingerprint, password, card, mobile).
 */
export default function DoorLockPanel({ deviceId, control }: PanelProps) {
  const { t, i18n } = useTranslation();
  const timeOf = useEventTime();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const profile = control.profile;
  if (!profile) return null;
  const fmt = new Intl.NumberFormat(i18n.language);
  const event = num(control.values.event);
  const bell = num(control.values.bell);
  const bellTs = control.points?.bell?.[0];
  const canOpen = keyOf(profile, 'unlock') !== undefined;

  const eventText = (v: number | undefined) =>
    v === 1
      ? t('devicePanels.lock.opened')
      : v === 2
        ? t('devicePanels.lock.locked')
        : v === 3
          ? t('devicePanels.lock.failed')
          : t('devicePanels.lock.noEvent');
  const methodText = (v: number | undefined) =>
    v === 0
      ? t('devicePanels.lock.fingerprint')
      : v === 1
        ? t('devicePanels.lock.password')
        : v === 2
          ? t('devicePanels.lock.card')
          : v === 3
            ? t('devicePanels.lock.mobile')
            : undefined;
  const userText = (type: number | undefined, n: number | undefined) => {
    const who =
      type === 0
        ? t('devicePanels.lock.admin')
        : type === 1
          ? t('devicePanels.lock.user')
          : type === 2
            ? t('devicePanels.lock.guest')
            : undefined;
    if (!who) return undefined;
    return n === undefined ? who : t('devicePanels.lock.userNumber', { who, n: fmt.format(n) });
  };
  const dateText = (iso: string | undefined) => {
    if (!iso) return undefined;
    const d = Date.parse(iso);
    return Number.isFinite(d) ? timeOf(d) : undefined;
  };

  const open = async () => {
    setBusy(true);
    await control.send([{ Key: 'unlock', Value: 1 }]);
    setBusy(false);
    setConfirm(false);
  };

  return (
    <div data-testid="door-lock-panel">
      <StatusHero
        icon={event === 1 ? LockOpenIcon : LockIcon}
        title={eventText(event)}
        detail={[
          userText(num(control.values.user_type), num(control.values.user_number)),
          methodText(num(control.values.open_method)),
        ]
          .filter(Boolean)
          .join(t('common.separator'))}
        tone={event === 3 ? 'alert' : event === 1 ? 'active' : 'quiet'}
        state={event}
        testId="lock-status"
      />
      <Section>
        <div className="flex min-h-14 items-center gap-3 px-4 py-3" data-testid="lock-bell" data-state={bell}>
          <span
            className={`grid size-10 shrink-0 place-items-center rounded-full ${
              bell === 1 ? 'animate-pulse bg-danger-soft text-danger' : 'bg-surface-2 text-muted'
            }`}
          >
            <BellRingIcon size={20} />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[15px] font-medium text-ink">
              {bell === 1 ? t('devicePanels.lock.ringing') : t('devicePanels.lock.bell')}
            </span>
            {bellTs && bell === 1 ? (
              <span className="block text-[13px] text-muted">{timeOf(bellTs)}</span>
            ) : null}
          </span>
        </div>
      </Section>
      {canOpen && control.mayControl ? (
        <Button
          className="mb-6 w-full"
          icon={LockOpenIcon}
          busy={busy}
          disabled={!control.enabled}
          onClick={() => setConfirm(true)}
          data-testid="lock-open"
        >
          {t('devicePanels.lock.open')}
        </Button>
      ) : null}
      <EventList
        deviceId={deviceId}
        main="event"
        keys={['user_type', 'user_number', 'open_method', 'event_date']}
        points={control.points}
        describe={(e) => {
          const v = numOf(e.values.event);
          if (!v) return null;
          return {
            text: eventText(v),
            detail: [
              userText(numOf(e.values.user_type), numOf(e.values.user_number)),
              methodText(numOf(e.values.open_method)),
              dateText(e.values.event_date),
            ]
              .filter(Boolean)
              .join(t('common.separator')),
            tone: v === 3 ? 'alert' : v === 2 ? 'quiet' : undefined,
          };
        }}
      />
      <ConfirmDialog
        open={confirm}
        title={t('devicePanels.lock.openTitle')}
        body={t('devicePanels.lock.openBody')}
        confirmLabel={t('devicePanels.lock.open')}
        danger={false}
        busy={busy}
        onClose={() => setConfirm(false)}
        onConfirm={() => void open()}
      />
    </div>
  );
}
