import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import HeadsetIcon from 'lucide-react/icons/headset';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api.ts';
import type { DeviceControl } from '../../data/control.ts';
import { sessionEndOf } from '../../data/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/Toast.tsx';

/** What the device says when asked again (`getState`), as far as its fault goes. */
function reportedFault(result: Record<string, unknown>): string {
  const state = result.state;
  if (typeof state !== 'object' || state === null) return '';
  const code = (state as Record<string, unknown>).error_code;
  return code === undefined || code === null ? '' : String(code);
}

/**
 * The device's active fault (spec section 8): the catalogue's message in the user's language, with
 * 'check again' (the device is asked for its state; a fault it no longer reports is put away until it
 * reports one again) and 'contact support' (the details support needs).
 */
export function FaultBanner({ control, deviceId }: { control: DeviceControl; deviceId: string }) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const [support, setSupport] = useState(false);
  /** A fault the device said it no longer has, with the report time it was read from. */
  const [putAway, setPutAway] = useState<{ wire: string; at: number } | null>(null);
  const fault = control.fault;
  const reportedAt = control.points?.error_code?.[0] ?? 0;
  if (!fault || (putAway && putAway.wire === fault.wire && putAway.at === reportedAt)) return null;

  const checkAgain = async () => {
    setChecking(true);
    try {
      const result = await api.twowayRpc(deviceId, { method: 'getState' });
      if (result.result !== 'OK') throw new Error('no answer');
      if (reportedFault(result) === fault.wire)
        toast.error(t('control.fault.persists'), { id: `fault-${deviceId}` });
      else {
        setPutAway({ wire: fault.wire, at: reportedAt });
        toast.success(t('control.fault.cleared'), { id: `fault-${deviceId}` });
      }
    } catch (err) {
      if (!sessionEndOf(err))
        toast.error(t('errors.deviceCommunication'), { id: `write-failed-${deviceId}` });
    } finally {
      setChecking(false);
    }
  };

  const device = control.device;
  return (
    <div
      role="alert"
      data-testid="control-fault"
      data-code={fault.code}
      className="mb-4 rounded-3xl bg-danger-soft p-4 ring-1 ring-danger/30"
    >
      <div className="flex items-start gap-3">
        <CircleAlertIcon size={22} className="mt-0.5 shrink-0 text-danger" />
        <div className="min-w-0 flex-1">
          <p className="text-[13px] font-semibold text-danger">{t('control.fault.title')}</p>
          <p className="mt-0.5 text-[15px] leading-snug text-ink" data-testid="control-fault-message">
            {fault.message}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          icon={RefreshCwIcon}
          busy={checking}
          disabled={control.state !== 'online'}
          onClick={() => void checkAgain()}
          className="h-10 px-4 text-[14px]"
          data-testid="control-fault-retry"
        >
          {t('control.fault.retry')}
        </Button>
        <Button
          variant="ghost"
          icon={HeadsetIcon}
          onClick={() => setSupport(true)}
          className="h-10 px-4 text-[14px]"
          data-testid="control-fault-support"
        >
          {t('control.fault.support')}
        </Button>
      </div>
      <Dialog
        open={support}
        onClose={() => setSupport(false)}
        title={t('control.support.title')}
        testId="control-support"
        actions={
          <Button className="w-full" onClick={() => setSupport(false)}>
            {t('control.support.close')}
          </Button>
        }
      >
        <p className="text-[14px] leading-relaxed text-muted">{t('control.support.body')}</p>
        <dl className="mt-3 divide-y divide-line rounded-2xl bg-surface-2 text-[14px]">
          {[
            [t('control.support.device'), device?.label ?? ''],
            [t('control.support.model'), control.profile?.id ?? ''],
            [t('control.support.code'), `${fault.code} (${fault.wire})`],
            [t('control.support.id'), deviceId],
          ].map(([k, v]) => (
            <div key={k} className="flex items-baseline justify-between gap-3 px-3 py-2">
              <dt className="text-muted">{k}</dt>
              <dd className="min-w-0 font-medium break-all text-ink" dir="ltr">
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </Dialog>
    </div>
  );
}
