import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { HttpError } from '../lib/http-error';
import { LoginResponseProvider } from '../lib/session';

// Kept off the first page load: the toast container and its stylesheet arrive once the page is idle.
const Toasts = lazy(() => import('./toasts'));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; a flaky network might.
        retry: (count, error) =>
          count < 2 && !(error instanceof HttpError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

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

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const idle = useIdle();
  return (
    <QueryClientProvider client={queryClient}>
      <LoginResponseProvider>
        {children}
        {idle && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </LoginResponseProvider>
    </QueryClientProvider>
  );
}
