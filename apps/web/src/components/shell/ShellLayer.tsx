import { lazy, Suspense } from 'react';
import { useAuthStore } from '../../state/auth-store.ts';
import { PushBridge } from './PushBridge.tsx';

const InstallPrompt = lazy(() => import('./InstallPrompt.tsx').then((m) => ({ default: m.InstallPrompt })));
const AppUpdateModal = lazy(() =>
  import('./AppUpdateModal.tsx').then((m) => ({ default: m.AppUpdateModal })),
);

/** What the app shell adds over every screen: the install prompt (for every web user), pushes into the page once logged in. */
export function ShellLayer() {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  return (
    <>
      {isLoggedIn ? <PushBridge /> : null}
      <Suspense fallback={null}>
        <InstallPrompt />
        {isLoggedIn ? <AppUpdateModal /> : null}
      </Suspense>
    </>
  );
}
