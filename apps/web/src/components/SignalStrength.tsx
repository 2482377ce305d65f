import { type SignalLevel, signalLevel } from '@hestia/catalog';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

const BARS: Record<SignalLevel, number> = { excellent: 4, good: 3, fair: 2, weak: 1 };

/**
 * A Wi-Fi signal as people read it: bars, a word (Excellent, Good, Fair, Weak) and the figure in dBm,
 * in the language's digits. The bars rise left to right in either direction, as a phone's do.
 */
export function SignalStrength({ dbm, testId = 'signal' }: { dbm: number; testId?: string }) {
  const { t, i18n } = useTranslation();
  const level = signalLevel(dbm);
  const lit = BARS[level];
  return (
    <span
      className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-0.5"
      data-testid={testId}
      data-level={level}
      data-dbm={dbm}
    >
      <svg
        width="18"
        height="14"
        viewBox="0 0 18 14"
        aria-hidden="true"
        focusable="false"
        className="shrink-0"
      >
        {[0, 1, 2, 3].map((i) => (
          <rect
            key={i}
            x={i * 4.67}
            y={11 - i * 3.5}
            width="3.2"
            height={3 + i * 3.5}
            rx="1"
            className={i < lit ? (lit === 1 ? 'fill-danger' : 'fill-accent') : 'fill-line'}
          />
        ))}
      </svg>
      <span>{t(`deviceSettings.signal.${level}`)}</span>
      <bdi dir="ltr" className="text-muted tabular-nums">
        {`${formatNumber(dbm, i18n.language, 0)} dBm`}
      </bdi>
    </span>
  );
}
