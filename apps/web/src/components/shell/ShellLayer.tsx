import { lazy, Suspense } from 'react';
import { useAuthStore } from '../../state/auth-store.ts';
import { PushBridge } from './PushBridge.tsx';

const InstallPrompt = lazy(() => import('./InstallPrompt.tsx').then((m) => ({ default: m.InstallPrompt })));

/** What the app shell adds over every screen once logged in: pushes into the page, the install prompt. */
export function ShellLayer() {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  if (!isLoggedIn) return null;
  return (
    <>
      <PushBridge />
      <Suspense fallback={null}>
        <InstallPrompt />
      </Suspense>
    </>
  );
}
