import { startTransition, StrictMode, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createRouter, prefetchFirstScreen } from './app/router';
import { handlePreloadErrors } from './app/preload-error';
import { replayPageState, type EarlyEvents } from './app/early-events';
import { initI18n } from './lib/i18n';
import { applyDarkMode, readDarkMode } from './lib/dark-mode';

/**
 * The app, started by boot.ts. On an empty page at once, the screen's skeleton showing until its
 * chunk is in. Over a page rendered ahead (`early` holds what the reader did there), once the
 * screen is whole, drawn a little at a time (a transition) so no long task holds the page the
 * reader already has; the first page stays until the app's copy goes in, in one step, and what
 * the reader did there carries over.
 */
export async function startApp({ early }: { early?: EarlyEvents }): Promise<void> {
  handlePreloadErrors();
  applyDarkMode(readDarkMode());
  // The installable app's service worker: its own chunk, after the page has loaded (lib/register-service-worker.ts).
  if (import.meta.env.PROD && 'serviceWorker' in navigator && window.isSecureContext) {
    const register = () => void import('./lib/register-service-worker').then((sw) => sw.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const html = document.documentElement;
  // The first screen's part of the language (the rest follows: lib/later-parts.tsx), and meanwhile the screen.
  const languageLoaded = initI18n({ firstScreenOnly: true });
  prefetchFirstScreen();
  const i18n = await languageLoaded;
  // Each step its own task, so the browser answers the reader and paints between them.
  await nextTask();
  const router = createRouter();
  await nextTask();
  const root = createRoot(container);
  const app = (onCommit: () => void) => (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
      <OnCommit run={onCommit} />
    </StrictMode>
  );
  const settle = () => {
    delete html.dataset.prerendered;
    delete html.dataset.firstPaint;
    html.classList.remove('cookies-answered');
  };

  // A page rendered ahead in another language than the one resolved here is not kept.
  const replacing = early && i18n.language === html.lang ? early : undefined;
  if (!replacing) {
    early?.release();
    flushSync(() => {
      root.render(app(settle));
    });
    return;
  }
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  startTransition(() => {
    root.render(
      app(() => {
        const state = replacing.snapshot();
        replacing.release();
        settle();
        queueMicrotask(() => {
          replayPageState(container, state);
        });
      }),
    );
  });
}

/** Resolves in a task of its own, after what the browser has waiting (input, a frame). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/** Runs `run` once, in the commit that puts its tree into the page, before anything else can happen there. */
function OnCommit({ run }: { run: () => void }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  }, [run]);
  return null;
}
