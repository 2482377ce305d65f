import { useId } from 'react';
import { ChipRow } from '../components/ChipRow.tsx';

export interface SegmentedOption<T> {
  value: T;
  label: string;
  /** Defaults to `{testId}-{value}`. */
  testId?: string;
}

interface SegmentedProps<T extends string | number> {
  label: string;
  value: T;
  options: readonly SegmentedOption<NoInfer<T>>[];
  onChange(value: NoInfer<T>): void;
  testId?: string;
  /** `tray`: equal segments in a tray (forms); `chips`: a row of chips that wraps, or scrolls sideways
   * with `scroll` (charts). */
  look?: 'tray' | 'chips';
  scroll?: boolean;
}

const GROUP = {
  tray: 'grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-surface-2 p-1 ring-1 ring-line/60',
  chips: 'min-w-0',
} as const;

/** The classes of one option, by look. */
export const segment = (look: 'tray' | 'chips' | 'bar', selected: boolean, focus: boolean) => {
  const ring = focus ? 'outline-2 outline-accent' : '';
  if (look === 'tray')
    return `flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-3 text-sm font-semibold transition ${ring} ${
      selected ? 'bg-surface text-ink shadow-card' : 'text-muted hover:text-ink'
    }`;
  if (look === 'chips')
    return `relative shrink-0 cursor-pointer rounded-full px-3.5 py-2 text-[13px] font-semibold whitespace-nowrap transition-colors ${ring} ${
      selected ? 'bg-accent text-on-accent' : 'bg-surface-2 text-ink hover:bg-accent-soft'
    }`;
  return `h-10 min-w-0 flex-1 truncate rounded-full px-3 text-sm font-semibold transition-colors ${ring} ${
    selected ? 'bg-accent text-on-accent shadow-card' : 'text-muted hover:text-ink'
  }`;
};

/**
 * One choice out of a few. `tray` and `chips` are a radio group of native radio inputs: arrow keys
 * move between the options in the reading direction and the group is one tab stop, with no script
 * of ours, so the login screen (which has two) loads no React Aria (it cost 16.8 KB gzip there). The
 * automation screens' bar of toggle buttons is SegmentedBar.
 */
export function Segmented<T extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
  look = 'tray',
  scroll = false,
}: SegmentedProps<T>) {
  const name = useId();
  const optionTestId = (o: SegmentedOption<T>) => o.testId ?? (testId ? `${testId}-${o.value}` : undefined);
  const radios = options.map((o) => (
    <label
      key={String(o.value)}
      data-value={o.value}
      className={`${segment(look, o.value === value, false)} has-focus-visible:outline-2 has-focus-visible:outline-accent`}
    >
      <input
        type="radio"
        name={name}
        value={String(o.value)}
        checked={o.value === value}
        onChange={() => onChange(o.value)}
        data-testid={optionTestId(o)}
        className="sr-only"
      />
      {o.label}
    </label>
  ));
  return (
    <div role="radiogroup" aria-label={label} data-testid={testId} className={GROUP[look]}>
      {look === 'chips' && scroll ? (
        // The same scrolling row as the room menu: it fades where more chips hide (issue 17, item 8).
        <ChipRow testId={testId ? `${testId}-row` : undefined} edge="card" wrapWide>
          {radios}
        </ChipRow>
      ) : look === 'chips' ? (
        <div className="-mx-1 flex flex-wrap gap-1.5 px-1 py-0.5">{radios}</div>
      ) : (
        radios
      )}
    </div>
  );
}
