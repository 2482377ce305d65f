import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import MapPinIcon from 'lucide-react/icons/map-pin';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPermission, requestPosition, useLocationStore } from '../../data/location.ts';
import { Section } from '../../ui/Section.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { ConditionType } from './condition-meta.ts';
import type { DraftCondition } from './draft-store.ts';

/**
 * Spec sections 2 and 7: a denied location permission shows a prompt. This one says what it means
 * and how to undo it, and can be dismissed (it comes back if the permission changes again).
 */
export function LocationDeniedNotice() {
  const { t } = useTranslation();
  const permission = useLocationStore((s) => s.permission);
  const dismissed = useLocationStore((s) => s.noticeDismissed);
  const dismiss = useLocationStore((s) => s.dismissNotice);
  // Asking the Permissions API never prompts; it only learns a refusal made earlier.
  useEffect(() => {
    void readPermission();
  }, []);
  if (permission !== 'denied' || dismissed) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
      data-testid="location-denied"
    >
      <CircleAlertIcon size={20} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('automation.location.denied.title')}</p>
        <p className="mt-1 leading-relaxed">{t('automation.location.denied.body')}</p>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('automation.location.denied.dismiss')}
        className="-me-2 -mt-1 grid size-9 shrink-0 place-items-center rounded-full hover:bg-danger/10"
        data-testid="location-denied-dismiss"
      >
        <XIcon size={18} />
      </button>
    </div>
  );
}

/** The switch that lets this phone report its position; turning it on is what asks the browser. */
export function LocationSharingSwitch({
  onError,
}: {
  onError?(error: 'denied' | 'unavailable' | 'timeout'): void;
}) {
  const { t } = useTranslation();
  const enabled = useLocationStore((s) => s.enabled);
  const setEnabled = useLocationStore((s) => s.setEnabled);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    if (!next) return setEnabled(false);
    setBusy(true);
    const result = await requestPosition();
    setBusy(false);
    if ('error' in result) onError?.(result.error);
  };
  return (
    <div className="flex min-h-14 items-center gap-3 px-4 py-2.5">
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
        <MapPinIcon size={20} />
      </span>
      <span className="min-w-0 flex-1 text-[15px] font-medium">{t('automation.location.report')}</span>
      <Switch
        checked={enabled}
        busy={busy}
        onChange={(next) => void change(next)}
        label={t('automation.location.report')}
        testId="location-sharing"
      />
    </div>
  );
}

/**
 * In the automation editor, when a condition needs the phone's position: the refusal notice, or the
 * sharing switch while sharing is off.
 */
export function LocationEditorNotice({ conditions }: { conditions: readonly DraftCondition[] }) {
  const { t } = useTranslation();
  const enabled = useLocationStore((s) => s.enabled);
  if (!conditions.some((c) => c.conditionType === ConditionType.Location)) return null;
  return (
    <>
      <LocationDeniedNotice />
      {enabled ? null : (
        <Section hint={t('automation.location.off')}>
          <LocationSharingSwitch />
        </Section>
      )}
    </>
  );
}
