import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router/dom';
import { PRERENDERED_PAGES, type PrerenderedPage } from '@tolk/shared/first-screens';
import { AppRoot } from './app/app-root';
import { createRouter, prefetchFirstScreen } from './app/router';
import { handlePreloadErrors } from './app/preload-error';
import { replayPageState, type EarlyEvents } from './app/early-events';
import { initI18n } from './lib/i18n';
import { applyDarkMode, readDarkMode } from './lib/dark-mode';

/**
 * The app, started by boot.ts. On an empty page at once, the screen's skeleton showing until its
 * chunk is in. Over a page rendered ahead (`early` holds what the reader did there), once the
 * screen is whole, drawn a little at a time (a transition) so no long task holds the page the
 * reader already has: where the page is what this address renders, the app takes its elements
 * over as they stand (hydration); elsewhere its own copy replaces the page in one step. Either
 * way what the reader did there carries over.
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
  // Each step its own task, so the browser answers the reader and paints between them.
  await nextTask();
  prefetchFirstScreen();
  const i18n = await languageLoaded;
  await nextTask();
  const router = createRouter();
  await nextTask();
  const settle = () => {
    delete html.dataset.prerendered;
    delete html.dataset.firstPaint;
    html.classList.remove('cookies-answered');
  };

  const app = (onCommit: () => void) => (
    <AppRoot onCommit={onCommit}>
      <RouterProvider router={router} />
    </AppRoot>
  );

  // A page rendered ahead in another language than the one resolved here is not kept.
  const keeping = early && i18n.language === html.lang ? early : undefined;
  if (!keeping) {
    early?.release();
    const root = createRoot(container);
    flushSync(() => {
      root.render(app(settle));
    });
    return;
  }
  await routerInitialized(router);
  // Drawn a little at a time (a transition), so no long task holds the page the reader already
  // has; what they did there carries over once the app's tree is in.
  const taken = app(() => {
    const state = keeping.snapshot();
    keeping.release();
    settle();
    queueMicrotask(() => {
      replayPageState(container, state);
    });
  });
  if (renderedAheadHere(html.dataset.prerendered)) {
    // The page is what this address renders: the app takes its elements over as they stand.
    startTransition(() => {
      hydrateRoot(container, taken);
    });
  } else {
    // Rendered for another address that shows the same screen (/home, /signin?returnTo=...): the
    // app's own copy replaces it in one step.
    const root = createRoot(container);
    startTransition(() => {
      root.render(taken);
    });
  }
}

/**
 * Resolves once the router has loaded the first screen. A router that finished before anyone
 * listened tells its first listener at once, from inside subscribe(): the listener must not need
 * what subscribe() returns by then.
 */
function routerInitialized(router: ReturnType<typeof createRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const listener: { done: boolean; stop?: () => void } = { done: false };
    listener.stop = router.subscribe((state) => {
      if (listener.done || !state.initialized) return;
      listener.done = true;
      listener.stop?.();
      resolve();
    });
    // Told from inside subscribe(): it returned only now.
    if (listener.done) listener.stop();
  });
}

/** Whether the page rendered ahead is the one the build made for this very address, query and all. */
function renderedAheadHere(page: string | undefined): boolean {
  if (!page || !(page in PRERENDERED_PAGES)) return false;
  const [pathname] = PRERENDERED_PAGES[page as PrerenderedPage];
  return window.location.pathname === pathname && window.location.search === '';
}

/** Resolves in a task of its own, after what the browser has waiting (input, a frame). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
