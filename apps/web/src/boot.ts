// The page's entry: the stylesheets and this small script, nothing else before the first screen.
// A page the build rendered ahead (scripts/prerender.ts, html[data-prerendered]) is already on
// screen and readable, its links working; the app (main.tsx: React, the router, the language)
// takes it over. It loads once the browser is idle, or at the reader's first touch, key or focus,
// whichever comes first, a file per task; what they did meanwhile happens once it is in
// (app/early-events.ts). On every other page it loads at once (index.html preloads it).
import './ui/tokens.css';
import './ui/ui.css';
import './app/layout/layout.css';
import './app/first-paint.css';
// The toasts' stylesheets with the page's, though the toasts come later (app/toasts.tsx): added
// then, their custom properties on :root would have the browser restyle the whole page at once.
import 'react-toastify/dist/ReactToastify.css';
import './app/toasts.css';
import { holdEarlyEvents, type EarlyEvents } from './app/early-events';

const html = document.documentElement;
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** How many of the app's files are named to the browser in one task: each costs a few milliseconds on a slow phone. */
const NAMED_AT_ONCE = 3;

/**
 * Names the app's files that a page rendered ahead lists (html[data-app], and its language's when
 * the page fits: scripts/prerender.ts) to the browser as module preloads, a few per task: each
 * costs the main thread, and the app's start would otherwise have Vite's preload helper name them
 * all in one of its tasks (it skips a file the page names already). Files named before
 * (app/first-paint.ts) are not named again.
 */
async function nameAppFiles(list: string): Promise<void> {
  const named = new Set([...document.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  const files = list.split(' ').filter((file) => file && !named.has(file));
  for (let at = 0; at < files.length; at += NAMED_AT_ONCE) {
    if (at > 0) await nextTask();
    for (const file of files.slice(at, at + NAMED_AT_ONCE)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
  }
}

/**
 * Runs the app's and the screen's files one per task, each after the files it imports (the page
 * lists them in that order: html[data-app-steps]). Importing the app alone would run React, the
 * router, the language and the screen in one task, long enough on a slow phone to hold up a reader
 * already on the page; run this way, the app's own import finds them all in.
 */
async function runAppFiles(list: string): Promise<void> {
  for (const file of list.split(' ')) {
    if (!file) continue;
    await import(/* @vite-ignore */ file);
    await nextTask();
  }
}

/** Resolves in a task of its own, after what the browser has waiting (input, a frame). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

// A page rendered ahead that fits this browser (app/first-paint.ts) is kept until the app takes it over.
const prerendered = html.dataset.prerendered !== undefined && html.dataset.firstPaint !== 'stale';
let early: EarlyEvents | undefined;
let starting: Promise<void> | undefined;
const start = () => {
  starting ??= nameAppFiles(`${html.dataset.app ?? ''} ${prerendered ? (html.dataset.appLanguage ?? '') : ''}`)
    .then(() => runAppFiles(html.dataset.appSteps ?? ''))
    .then(() => import('./main'))
    .then(
      (app) => app.startApp({ early }),
      (error: unknown) => {
        // The app never came (offline, say): a link clicked meanwhile is followed the browser's way.
        const link = early?.release();
        if (link) window.location.assign(link);
        throw error;
      },
    );
};
if (prerendered) early = holdEarlyEvents(root, start);

if (prerendered) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 2000 });
  else window.setTimeout(start, 200);
} else {
  start();
}
