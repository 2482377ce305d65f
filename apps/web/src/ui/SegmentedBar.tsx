import { ToggleButton } from 'react-aria-components';
import { type SegmentedOption, segment } from './Segmented.tsx';

/**
 * One choice out of a few as a full-width bar of React Aria toggle buttons (aria-pressed), the
 * automation screens' options. Forms and charts use Segmented, a radio group.
 */
export function SegmentedBar<T extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly SegmentedOption<NoInfer<T>>[];
  onChange(value: NoInfer<T>): void;
  testId?: string;
}) {
  return (
    <fieldset
      aria-label={label}
      data-testid={testId}
      className="m-0 flex min-w-0 gap-1 rounded-full border-0 bg-surface-2 p-1 ring-1 ring-line/60"
    >
      {options.map((o) => (
        <ToggleButton
          key={String(o.value)}
          isSelected={o.value === value}
          onChange={() => onChange(o.value)}
          data-testid={o.testId ?? (testId ? `${testId}-${o.value}` : undefined)}
          className={({ isFocusVisible }) => segment('bar', o.value === value, isFocusVisible)}
        >
          {o.label}
        </ToggleButton>
      ))}
    </fieldset>
  );
}
