import { useEffect, useSyncExternalStore } from 'react';
import { useAppSettingStore } from '../state/app-setting-store.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(DARK_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(DARK_QUERY).matches);
}

/**
 * The theme in effect. CSS follows `prefers-color-scheme` by itself; a manual choice is written to
 * `<html data-theme>` so it wins over the system.
 */
export function useResolvedTheme(): 'light' | 'dark' {
  const appearance = useAppSettingStore((s) => s.appearance);
  const systemDark = useSystemPrefersDark();
  const resolved = appearance === 'system' ? (systemDark ? 'dark' : 'light') : appearance;

  useEffect(() => {
    const root = document.documentElement;
    if (appearance === 'system') delete root.dataset.theme;
    else root.dataset.theme = appearance;
    root.style.colorScheme = resolved;
  }, [appearance, resolved]);

  return resolved;
}
