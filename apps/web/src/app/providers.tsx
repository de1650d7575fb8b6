import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { LateQueryClientProvider, loadLaterParts } from '../lib/later-parts';
import { LoginResponseProvider } from '../lib/session';
import { useIdle } from '../lib/use-idle';

// Kept off the first page load: the toast container and its stylesheet arrive once the page is idle.
const Toasts = lazy(() => import('./toasts'));

export function Providers({ children }: { children: ReactNode }) {
  const idle = useIdle();
  useEffect(() => {
    // Whatever the reader does next needs them: fetched while nothing else is, so no click waits.
    if (!idle) return;
    void loadLaterParts().catch(() => undefined);
    void import('../lib/http-client').catch(() => undefined);
  }, [idle]);
  return (
    <LateQueryClientProvider>
      <LoginResponseProvider>
        {children}
        {idle && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </LoginResponseProvider>
    </LateQueryClientProvider>
  );
}
