import { useEffect, useRef } from 'react';
import { Slider as AriaSlider, I18nProvider, SliderThumb, SliderTrack } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

interface SliderProps {
  /** The accessible name (the visible title is the caller's, tied with `labelId` when it has one). */
  label: string;
  labelId?: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** Every move of the thumb (dragging, keys): the caller shows the draft. */
  onChange(value: number): void;
  /** The value the person settled on: the thumb let go, a key press, or a value typed into the input. */
  onChangeEnd(value: number): void;
  /** What a screen reader says for a value ("21.5 °C"), in the language's digits. */
  valueText(value: number): string;
  disabled?: boolean;
  /** Given to the range input itself, so a test reads and sets it as a person's keyboard does. */
  testId?: string;
}

/**
 * A slider on React Aria Components (pointer, touch and keyboard; the track's start follows the
 * language's direction, so it runs right to left in fa and ar). Moving only moves the thumb
 * (`onChange`); `onChangeEnd` says when to act. A change of the range input that React Aria does not
 * end itself (arrow keys, a value set on the input) ends on the input's native change event.
 */
export function Slider({
  label,
  labelId,
  value,
  min,
  max,
  step,
  onChange,
  onChangeEnd,
  valueText,
  disabled = false,
  testId,
}: SliderProps) {
  const { i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  // One settle is sent once: a key React Aria handles may also fire the input's change event.
  const last = useRef<{ value: number; at: number } | null>(null);
  const endRef = useRef((_: number) => {});
  endRef.current = (v: number) => {
    const now = performance.now();
    if (last.current && last.current.value === v && now - last.current.at < 100) return;
    last.current = { value: v, at: now };
    onChangeEnd(v);
  };
  useEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    if (testId) el.dataset.testid = testId;
    const onNativeChange = () => endRef.current(Number(el.value));
    el.addEventListener('change', onNativeChange);
    return () => el.removeEventListener('change', onNativeChange);
  }, [testId]);
  // React Aria names the value with a plain number format; the unit and the language's digits are ours.
  const text = valueText(value);
  useEffect(() => {
    inputRef.current?.setAttribute('aria-valuetext', text);
  });
  const share = max > min ? ((Math.min(max, Math.max(min, value)) - min) / (max - min)) * 100 : 0;
  return (
    <I18nProvider locale={i18n.language}>
      <AriaSlider
        aria-label={labelId ? undefined : label}
        aria-labelledby={labelId}
        value={value}
        minValue={min}
        maxValue={max}
        step={step}
        isDisabled={disabled}
        onChange={(v) => onChange(Array.isArray(v) ? (v[0] ?? min) : v)}
        onChangeEnd={(v) => endRef.current(Array.isArray(v) ? (v[0] ?? min) : v)}
        className={`min-w-0 flex-1 ${disabled ? 'opacity-50' : ''}`}
      >
        <SliderTrack className="relative h-8 w-full cursor-pointer data-disabled:cursor-not-allowed">
          {/* The track and its filled share, from the start side (right in fa and ar, as the thumb goes). */}
          <div className="pointer-events-none absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 overflow-hidden rounded-full bg-surface-2 ring-1 ring-line/70">
            <div
              className="absolute inset-y-0 start-0 rounded-full bg-accent"
              style={{ width: `${share}%` }}
            />
          </div>
          <SliderThumb
            inputRef={inputRef}
            aria-label={labelId ? undefined : label}
            aria-labelledby={labelId}
            className={({ isFocusVisible, isDragging }) =>
              `top-1/2 size-6 rounded-full bg-white shadow-md ring-2 ring-accent transition-[box-shadow] ${
                isFocusVisible || isDragging ? 'outline-4 outline-accent-soft' : ''
              }`
            }
          />
        </SliderTrack>
      </AriaSlider>
    </I18nProvider>
  );
}
