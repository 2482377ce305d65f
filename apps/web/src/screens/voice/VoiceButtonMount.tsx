import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppSettingStore } from '../../state/app-setting-store.ts';

// The button, the recorder and the voice client load only when the button is to be shown: none of
// it is on the first load (docs/decisions/023).
const FloatingVoiceButton = lazy(() => import('./FloatingVoiceButton.tsx'));

/** A phone: a narrow screen, or a touch screen no larger than a tablet. */
const PHONE_QUERY = '(max-width: 767px), (pointer: coarse) and (max-width: 1024px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * The floating record button (spec section 3): on the tab sections (devices, setting, automation,
 * dashboard, favourite devices; mounted by the tab layout), when the global button flag is on, on
 * phones only.
 */
export function VoiceButtonMount() {
  const on = useAppSettingStore((s) => s.isGlobalButtonVisible);
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  if (!on || !phone) return null;
  return (
    <Suspense fallback={null}>
      <FloatingVoiceButton />
    </Suspense>
  );
}
