import { useState } from 'react';
import { useNavigationType } from 'react-router';

/** Whether the user has moved to another screen since the app started (a PUSH navigation). */
let navigated = false;

/**
 * A screen's entry animation class, for screens reached by navigating: the screen the app opens on
 * (and the redirects that lead to it) appears at once, since sliding it in from transparent would
 * only hold back its first paint, and the browser does not count content that fades in as the page's
 * largest paint. Once the user has navigated, every screen slides in as before. Fixed at mount.
 */
export function useEntryMotion(className: string): string {
  if (useNavigationType() === 'PUSH') navigated = true;
  const [motion] = useState(() => (navigated ? className : ''));
  return motion;
}
