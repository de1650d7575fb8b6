// The server-side entry the build renders the first screens with (apps/web/scripts/prerender.ts):
// a guest's view of each page in each interface language, as HTML the browser paints before any
// script has run. Never shipped to browsers.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import i18next, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type UiLanguage } from '@tolk/shared/languages';
import { AppRoot } from '../app/app-root';
import { routes } from '../app/router';
import { I18N_OPTIONS } from '../lib/i18n-options';

const locales = import.meta.glob<{ default: ResourceKey }>('../locales/*.json', { eager: true });

let ready: Promise<unknown> | undefined;
function initOnce(): Promise<unknown> {
  ready ??= i18next.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: FALLBACK_LANGUAGE,
    resources: Object.fromEntries(
      Object.entries(locales).map(([file, module]) => [
        /\/(\w+)\.json$/.exec(file)?.[1] ?? file,
        { translation: module.default },
      ]),
    ),
  });
  return ready;
}

/** A page's markup inside #root as a guest with nothing stored sees it in `language`. */
export async function renderPage(pathname: string, language: UiLanguage): Promise<string> {
  await initOnce();
  await i18next.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://tolk.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppRoot>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
}
