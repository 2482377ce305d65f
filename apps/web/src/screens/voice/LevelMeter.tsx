import { useTranslation } from 'react-i18next';

const BARS = 5;

/** The microphone's level while recording: five bars that light up with the voice, and a meter for assistive technology. */
export function LevelMeter({ level, testId }: { level: number; testId?: string }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, level)) * 100);
  const lit = Math.round((percent / 100) * BARS);
  return (
    <div className="flex h-6 items-end gap-1" data-testid={testId} data-level={percent}>
      <meter className="sr-only" aria-label={t('voice.button.level')} min={0} max={100} value={percent} />
      {Array.from({ length: BARS }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the bars are fixed positions.
          key={i}
          aria-hidden
          className={`w-1.5 rounded-full transition-[height,background-color] duration-100 ${
            i < lit ? 'bg-accent' : 'bg-line'
          }`}
          style={{ height: `${30 + (i * 70) / (BARS - 1)}%` }}
        />
      ))}
    </div>
  );
}
