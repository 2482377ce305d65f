import { I18nProvider, Radio, RadioGroup, ToggleButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
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
  /**
   * `tray`: equal segments in a tray (forms); `chips`: a row of chips that wraps, or scrolls sideways
   * with `scroll` (charts); `bar`: accent pills in a full-width bar (the automation editor).
   */
  look?: 'tray' | 'chips' | 'bar';
  scroll?: boolean;
}

const GROUP = {
  tray: 'grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-surface-2 p-1 ring-1 ring-line/60',
  chips: 'min-w-0',
  bar: 'flex min-w-0 gap-1 rounded-full bg-surface-2 p-1 ring-1 ring-line/60',
} as const;

const segment = (look: 'tray' | 'chips' | 'bar', selected: boolean, focus: boolean) => {
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
 * One choice out of a few (React Aria): a radio group, so arrow keys move between the options and
 * the group is one tab stop; in right-to-left layouts the arrows follow the reading direction. The
 * `bar` look is a row of toggle buttons (aria-pressed) instead, as the automation editor's options
 * have always been announced.
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
  // React Aria reads the reading direction (which arrow key moves forward) from its locale: the app's.
  const { i18n } = useTranslation();
  const optionTestId = (o: SegmentedOption<T>) => o.testId ?? (testId ? `${testId}-${o.value}` : undefined);
  if (look === 'bar')
    return (
      <fieldset aria-label={label} data-testid={testId} className={`m-0 border-0 ${GROUP.bar}`}>
        {options.map((o) => (
          <ToggleButton
            key={String(o.value)}
            isSelected={o.value === value}
            onChange={() => onChange(o.value)}
            data-testid={optionTestId(o)}
            className={({ isFocusVisible }) => segment('bar', o.value === value, isFocusVisible)}
          >
            {o.label}
          </ToggleButton>
        ))}
      </fieldset>
    );
  const radios = options.map((o) => (
    <Radio
      key={String(o.value)}
      value={String(o.value)}
      data-value={o.value}
      className={({ isSelected, isFocusVisible }) => segment(look, isSelected, isFocusVisible)}
    >
      <span data-testid={optionTestId(o)}>{o.label}</span>
    </Radio>
  ));
  return (
    <I18nProvider locale={i18n.language}>
      <RadioGroup
        aria-label={label}
        orientation="horizontal"
        value={String(value)}
        onChange={(next) => {
          const picked = options.find((o) => String(o.value) === next);
          if (picked) onChange(picked.value);
        }}
        data-testid={testId}
        className={GROUP[look]}
      >
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
      </RadioGroup>
    </I18nProvider>
  );
}
