// The page's entry: the stylesheets and this small script, nothing else before the first screen.
// A page the build rendered ahead (scripts/prerender.ts, html[data-prerendered]) is already on
// screen and readable, its links working; the app (main.tsx: React, the router, the language)
// takes it over. It loads once the browser is idle, or at the reader's first touch, key or focus,
// whichever comes first; what they did meanwhile happens once it is in (app/early-events.ts). On
// every other page it loads at once (index.html preloads it).
import './ui/tokens.css';
import './ui/ui.css';
import './app/layout/layout.css';
import './app/first-paint.css';
import { holdEarlyEvents, type EarlyEvents } from './app/early-events';

const html = document.documentElement;
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page rendered ahead that fits this browser (app/first-paint.ts) is kept until the app's own copy replaces it.
const prerendered = html.dataset.prerendered !== undefined && html.dataset.firstPaint !== 'stale';
let early: EarlyEvents | undefined;
let starting: Promise<void> | undefined;
const start = () => {
  starting ??= import('./main').then(
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
