import { useEffect, type ReactNode } from 'react';
import { LateQueryClientProvider, loadLaterParts } from '../lib/later-parts';
import { prefetchHttpClient } from '../lib/http';
import { LoginResponseProvider } from '../lib/session';
import { readerReachedEarly } from './early-events';
import { useIdle } from '../lib/use-idle';
import { lazyPart, PartBoundary } from '../ui/lazy-part';

// Kept off the first page load: the toast container and its stylesheet arrive once the page is idle.
const Toasts = lazyPart(() => import('./toasts'));

export function Providers({ children }: { children: ReactNode }) {
  const idle = useIdle();
  useEffect(() => {
    // Whatever the reader does next needs them: fetched while nothing else is, so no click waits.
    if (idle) void loadLaterParts().catch(() => undefined);
  }, [idle]);
  useEffect(() => {
    // The HTTP client on the reader's first touch, click or focus: what calls the API (a form, a
    // button) starts there, and a page only read never runs axios (a member's screen brings it
    // along: app/router.tsx).
    const intent = prefetchHttpClient;
    // The reader reached for a page rendered ahead before the app was in (app/early-events.ts).
    if (readerReachedEarly()) intent();
    const types = ['pointerdown', 'keydown', 'focusin'] as const;
    for (const type of types) document.addEventListener(type, intent, { once: true, passive: true, capture: true });
    return () => {
      for (const type of types) document.removeEventListener(type, intent, { capture: true });
    };
  }, []);
  return (
    <LateQueryClientProvider>
      <LoginResponseProvider>
        {children}
        {idle && (
          <PartBoundary parts={[Toasts]} quiet>
            <Toasts />
          </PartBoundary>
        )}
      </LoginResponseProvider>
    </LateQueryClientProvider>
  );
}
