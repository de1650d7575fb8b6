import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LateQueryClientProvider, loadLaterParts } from '../lib/later-parts';
import { LoginResponseProvider } from '../lib/session';

// Kept off the first page load: the toast container and its stylesheet arrive once the page is idle.
const Toasts = lazy(() => import('./toasts'));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const markIdle = () => {
      setIdle(true);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(markIdle, { timeout: 2000 });
      return () => {
        window.cancelIdleCallback(handle);
      };
    }
    const handle = window.setTimeout(markIdle, 200);
    return () => {
      window.clearTimeout(handle);
    };
  }, []);
  return idle;
}

export function Providers({ children }: { children: ReactNode }) {
  const idle = useIdle();
  useEffect(() => {
    // Whatever the reader does next needs them: fetched while nothing else is, so no click waits.
    if (idle) void loadLaterParts().catch(() => undefined);
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
