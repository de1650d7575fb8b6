import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser is first idle after the component mounted (at most two seconds): when
 * what the first screen does not show may start loading without delaying its first paint. What
 * that brings is drawn as a transition, a little at a time, so it never holds the page up.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const markIdle = () => {
      startTransition(() => {
        setIdle(true);
      });
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
