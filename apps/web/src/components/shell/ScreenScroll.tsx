import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A screen opened by a tap starts at its top (the window kept the last screen's scroll before); going
 * back (a POP) leaves the browser's own restoration alone.
 */
export function ScreenScroll() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  // Runs for each new path (the key), not only when the navigation type changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read
  useLayoutEffect(() => {
    // In braces: newer browsers return a promise from scrollTo, which React would take for a cleanup.
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}
