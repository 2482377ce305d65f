import type { Device } from '@hestia/contract';
import type { ReactNode } from 'react';
import { PinIcon, TrashIcon } from '../../components/home-icons.tsx';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import type { DraftCondition } from './draft-store.ts';
import { ConditionType } from './text.ts';
import { ClockIcon, CloudIcon, GaugeIcon, HandIcon, HistoryIcon } from './ui.tsx';

export const CONDITION_ICONS: Record<number, (p: { size?: number }) => ReactNode> = {
  [ConditionType.TapToRun]: HandIcon,
  [ConditionType.Schedule]: ClockIcon,
  [ConditionType.Timer]: HistoryIcon,
  [ConditionType.DeviceParam]: GaugeIcon,
  [ConditionType.Weather]: CloudIcon,
  [ConditionType.Location]: PinIcon,
};

/** Where a condition is edited, or null for one without settings (tap to run). */
export function conditionPath(c: DraftCondition, index: number, devices: readonly Device[]): string | null {
  switch (c.conditionType) {
    case ConditionType.DeviceParam:
      return c.deviceId
        ? automationPaths.condition({
            id: c.deviceId,
            deviceProfileId: devices.find((d) => d.id === c.deviceId)?.deviceProfileId ?? '',
            index,
          })
        : null;
    case ConditionType.Schedule:
      return automationPaths.condition({ type: 'schedule', index });
    case ConditionType.Timer:
      return automationPaths.condition({ type: 'timer', index });
    case ConditionType.Weather:
      return automationPaths.condition({ type: 'weather', index });
    case ConditionType.Location:
      return automationPaths.condition({ type: 'location', index });
    default:
      return null;
  }
}

/** A condition or an action in the editor: opens its screen, or is removed. */
export function ItemRow({
  icon: Icon,
  index,
  text,
  detail,
  onOpen,
  onRemove,
  removeLabel,
  testId,
}: {
  icon: (p: { size?: number }) => ReactNode;
  index?: number;
  text: string;
  detail?: string;
  onOpen(): void;
  onRemove(): void;
  removeLabel: string;
  testId: string;
}) {
  return (
    <div className="flex min-h-14 items-center gap-2 ps-4 pe-2" data-testid={testId}>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 py-2.5 text-start"
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-[13px] font-semibold text-accent-text">
          {index !== undefined ? formatNumber(index, i18n.language, 0) : <Icon size={20} />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[15px] font-medium">{text}</span>
          {detail ? <span className="mt-0.5 block text-[13px] text-muted">{detail}</span> : null}
        </span>
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-danger-soft hover:text-danger"
      >
        <TrashIcon size={18} />
      </button>
    </div>
  );
}
