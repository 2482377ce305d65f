import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), ticking each second; 0 once passed or when null. */
export function useCountdown(until: number | null, now: () => number = Date.now): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `until` and `now`.
  useEffect(() => {
    setSeconds(left());
    if (until === null) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  return seconds;
}
