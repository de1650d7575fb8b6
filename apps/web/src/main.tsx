import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createRouter, prefetchFirstScreen } from './app/router';
import { handlePreloadErrors } from './app/preload-error';
import { initI18n } from './lib/i18n';
import { applyDarkMode, readDarkMode } from './lib/dark-mode';
import './ui/tokens.css';
import './ui/ui.css';
import './app/layout/layout.css';

handlePreloadErrors();
applyDarkMode(readDarkMode());
// The installable app's service worker: its own chunk, after the page has loaded (lib/register-service-worker.ts).
if (import.meta.env.PROD && 'serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener(
    'load',
    () => void import('./lib/register-service-worker').then((sw) => sw.registerServiceWorker()),
  );
}

// The first screen's part of the language (the rest follows: lib/later-parts.tsx), and meanwhile the screen.
const languageLoaded = initI18n({ firstScreenOnly: true });
prefetchFirstScreen();
void languageLoaded.then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
});
