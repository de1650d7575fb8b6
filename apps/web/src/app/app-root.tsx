import { StrictMode, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Providers } from './providers';

/**
 * The app's tree around its router: one component for the build's prerender (its static router)
 * and the browser (main.tsx), so the page rendered ahead and the app's first render are the same
 * tree, and the app takes that page over where it stands (hydration), ids and all.
 */
export function AppRoot({ children, onCommit }: { children: ReactNode; onCommit?: () => void }) {
  return (
    <StrictMode>
      <Providers>{children}</Providers>
      <OnCommit run={onCommit} />
    </StrictMode>
  );
}

/** Runs `run` once, in the commit that puts its tree into the page, before anything else can happen there. */
function OnCommit({ run }: { run: (() => void) | undefined }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current || !run) return;
    done.current = true;
    run();
  }, [run]);
  return null;
}
