import type { KeyDef } from '@hestia/catalog';
import type { PausedReason } from '@hestia/contract';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevicesQuery } from '../../data/devices.ts';
import { enumValueText } from '../../i18n/catalog-text.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { SegmentedBar } from '../../ui/SegmentedBar.tsx';
import { Slider } from '../../ui/Slider.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import type { COMPARISONS } from './text.ts';

/** A condition's comparison, a segment a sign (=, <, ≥, …). */
export function ComparisonPicker({
  comparisons,
  value,
  onChange,
  testId,
}: {
  comparisons: readonly (typeof COMPARISONS)[number][];
  value: number;
  onChange(value: number): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedBar<number>
      label={t('automation.condition.comparison')}
      value={value}
      onChange={onChange}
      testId={testId}
      options={comparisons.map((c) => ({
        value: c.value,
        label: c.sign,
        testId: `comparison-${c.name}`,
      }))}
    />
  );
}

const toNumber = (raw: string): number | null => {
  const latin = raw
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (latin.trim() === '') return null;
  const n = Number(latin);
  return Number.isFinite(n) ? n : null;
};

/**
 * The value of one catalogue key: on/off for a boolean, a choice for an enum, a number with the
 * key's range and unit (field and slider) for a number, text otherwise; its problem below it.
 */
export function ValueInput({
  error,
  ...props
}: {
  def: KeyDef;
  value: number | string | boolean | null | undefined;
  onChange(value: number | string | null): void;
  error?: string | null;
}) {
  return (
    <div>
      <ValueControl {...props} invalid={!!error} />
      <FieldProblem text={error ?? null} />
    </div>
  );
}

function ValueControl({
  def,
  value,
  onChange,
  invalid,
}: {
  def: KeyDef;
  value: number | string | boolean | null | undefined;
  onChange(value: number | string | null): void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (def.kind === 'boolean')
    return (
      <SegmentedBar
        label={t('automation.value.label')}
        value={Number(value ?? 0)}
        onChange={(v) => onChange(v)}
        testId="value-boolean"
        options={[
          { value: 1, label: t('automation.value.on'), testId: 'value-on' },
          { value: 0, label: t('automation.value.off'), testId: 'value-off' },
        ]}
      />
    );
  if (def.kind === 'enum')
    return (
      <fieldset
        aria-label={t('automation.value.label')}
        className="m-0 min-w-0 border-0 p-0 flex flex-wrap gap-2"
      >
        {(def.values ?? []).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={Number(value) === v}
            onClick={() => onChange(v)}
            className={`h-10 min-w-12 rounded-full px-4 text-sm font-semibold ring-1 ${
              Number(value) === v ? 'bg-accent text-on-accent ring-accent' : 'bg-surface text-ink ring-line'
            }`}
          >
            {enumValueText(def, v, t, i18n.language) ?? formatNumber(v, i18n.language, 0)}
          </button>
        ))}
      </fieldset>
    );
  if (def.kind === 'string')
    return (
      <input
        aria-label={t('automation.value.label')}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        className="h-12 w-full rounded-2xl border border-line bg-surface px-4 text-[16px] text-ink outline-none focus:border-accent"
      />
    );
  const n = typeof value === 'number' ? value : toNumber(String(value ?? ''));
  const min = def.min ?? 0;
  const max = def.max ?? 100;
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          inputMode="decimal"
          aria-label={t('automation.value.label')}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => {
            const next = toNumber(e.target.value);
            onChange(next === null ? (e.target.value.trim() === '' ? null : e.target.value) : next);
          }}
          aria-invalid={invalid || undefined}
          data-testid="value-number"
          className={`h-12 min-w-0 flex-1 rounded-2xl border bg-surface px-4 text-[16px] text-ink outline-none focus:border-accent ${
            invalid ? 'border-danger' : 'border-line'
          }`}
        />
        {def.unit ? <span className="shrink-0 text-sm font-medium text-muted">{def.unit}</span> : null}
      </div>
      <div className="mt-3 flex">
        <Slider
          label={t('automation.value.slider')}
          value={n ?? min}
          min={min}
          max={max}
          step={def.step ?? 1}
          valueText={(v) =>
            def.unit ? `${formatNumber(v, i18n.language)} ${def.unit}` : formatNumber(v, i18n.language)
          }
          onChange={onChange}
          onChangeEnd={onChange}
        />
      </div>
      <div className="flex justify-between text-xs text-muted">
        <span>{formatNumber(min, i18n.language)}</span>
        <span>{formatNumber(max, i18n.language)}</span>
      </div>
    </div>
  );
}

/** A value's problem in words: a number's range in the language's digits, or "choose one". */
export const valueProblemText = (def: KeyDef | undefined, key: string | undefined, t: TFunction) =>
  key
    ? t(`automation.${key}` as 'automation.errors.valueRange', {
        min: formatNumber(def?.min ?? 0, i18n.language),
        max: formatNumber(def?.max ?? 0, i18n.language),
      })
    : null;

/**
 * Why the server switched an automation, scenario, timer or data exchange off: a device it uses is
 * no longer shared with this user, or it writes to one now shared for viewing only (decision 018).
 */
export function PausedNote({ reason, className = '' }: { reason: PausedReason; className?: string }) {
  const { t } = useTranslation();
  const devices = useDevicesQuery().data ?? [];
  if (!reason) return null;
  const device = devices.find((d) => d.id === reason.deviceId)?.label ?? t('automation.paused.aDevice');
  return (
    <p
      className={`rounded-2xl bg-danger-soft px-3 py-2 text-[13px] text-danger ${className}`}
      data-testid="paused-reason"
      data-code={reason.code}
    >
      {reason.code === 'no_access'
        ? t('automation.paused.noAccess')
        : t('automation.paused.viewOnly', { device })}
    </p>
  );
}
