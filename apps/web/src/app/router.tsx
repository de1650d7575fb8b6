import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { prefetchHttpClient } from '../lib/http';
import { afterFirstScreen } from '../lib/later-parts';
import { isActiveMember, readStoredLogin } from '../lib/session';
import { ScreenSkeleton } from '../ui/skeletons';
import { AppLayout } from './layout/app-layout';
import { MembersOnly } from './members-only';
import { recoverable, RouteError } from './route-error';

// Every screen is its own chunk, fetched when its route is first visited (or a link to it is
// about to be followed: prefetchOnIntent). The landing page is the first screen: it needs only
// what the first page load brings; every other screen also waits for the rest of the language and
// the query client (lib/later-parts.tsx). A screen whose code does not arrive (offline) says so in
// place of the screen, the app shell around it, and comes by itself once back online (recoverable).
const landing = recoverable(() => import('../features/landing/screens/landing-screen'));

type RouteModule = Record<string, unknown>;
const screen = (path: string, load: () => Promise<RouteModule>): RouteObject => ({
  path,
  lazy: recoverable(afterFirstScreen(load)),
});
// A member's screen asks the API for its data as it first renders: the HTTP client (lib/http.ts
// loads it with the first call) comes with the screen rather than after it.
const memberScreen = (path: string, load: () => Promise<RouteModule>, data?: ScreenData): RouteObject => {
  const route = screen(path, async () => (await Promise.all([load(), import('../lib/http-client')]))[0]);
  return data ? withData(route, data) : route;
};

/**
 * A screen's first requests, in a small module of their own (the query options, not the screen):
 * started as the screen is opened, alongside its code rather than once it has loaded and
 * rendered, and found in flight or done by the screen's own queries.
 */
type ScreenData = () => Promise<{ prefetchScreenData: (client: QueryClient, url: URL) => void }>;

function withData(route: RouteObject, data: ScreenData): RouteObject {
  return {
    ...route,
    // Returns at once: the navigation waits for the screen's code, never for its data.
    loader: ({ request }) => {
      startScreenData(data, new URL(request.url));
      return null;
    },
    // Only arriving asks: once there, the screen's own queries follow its tab and filters.
    shouldRevalidate: () => false,
    handle: { data },
  };
}

function startScreenData(data: ScreenData, url: URL): void {
  // A guest sees members-only's notice, which asks for nothing.
  if (!isActiveMember(readStoredLogin())) return;
  prefetchHttpClient();
  void Promise.all([import('../lib/query-client'), data()])
    .then(([{ queryClient }, { prefetchScreenData }]) => {
      prefetchScreenData(queryClient, url);
    })
    // Offline, say: the screen asks for itself and says what failed.
    .catch(() => undefined);
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        // While the first screen's code loads, its skeleton stands in the app shell (header, menu,
        // navigation), which needs nothing the screen brings and so shows at once.
        hydrateFallbackElement: <ScreenSkeleton />,
        children: [
          { index: true, lazy: landing },
          { path: 'home', lazy: landing },
          { path: 'landinghome', lazy: landing },
          screen('register', () => import('../features/auth/screens/register-screen')),
          screen('signin', () => import('../features/auth/screens/sign-in-screen')),
          screen('forgot-password', () => import('../features/auth/screens/forgot-password-screen')),
          screen('reset-password', () => import('../features/auth/screens/reset-password-screen')),
          // Opened from a mail, signed in or not, on any device.
          screen('verify-email', () => import('../features/auth/screens/verify-email-screen')),
          screen('cookie-policy', () => import('../features/cookies/screens/cookie-policy-screen')),
          screen('debug/persons', () => import('../features/debug/screens/debug-persons-screen')),
          screen('debug/claims', () => import('../features/debug/screens/debug-claims-screen')),
          // Public: guests open plazas too. 'interpret/join' before 'interpret/:id' so "join" is never an id.
          screen('interpret', () => import('../features/interpreter/screens/interpreter-screen')),
          screen('interpret/join', () => import('../features/interpreter/screens/join-screen')),
          screen('interpret/:id', () => import('../features/interpreter/screens/plaza-screen')),
          {
            element: <MembersOnly />,
            children: [
              memberScreen('profile', () => import('../features/profile/screens/profile-screen')),
              memberScreen('profile/edit', () => import('../features/profile/screens/profile-edit-screen')),
              memberScreen('changepassword', () => import('../features/auth/screens/change-password-screen')),
              memberScreen('muses', () => import('../features/muses/screens/conversations-screen')),
              memberScreen('muses/:id', () => import('../features/muses/screens/thread-screen')),
              memberScreen('muse', () => import('../features/muses/screens/my-muses-screen')),
              memberScreen('muse/edit/:id', () => import('../features/muses/screens/muse-edit-screen')),
              memberScreen('muse/:id', () => import('../features/muses/screens/muse-detail-screen')),
              memberScreen(
                'connect',
                () => import('../features/connect/screens/connect-screen'),
                () => import('../features/connect/screen-data'),
              ),
              memberScreen('connect/reports', () => import('../features/connect/screens/reports-screen')),
              memberScreen('connect/trips/:id', () => import('../features/connect/screens/trip-screen')),
              memberScreen('connect/:id', () => import('../features/connect/screens/person-screen')),
              // 'add' and 'edit/:id' before ':id', so "add" is never an id.
              memberScreen('person', () => import('../features/records/screens/person-list-screen')),
              memberScreen('person/add', () => import('../features/records/screens/person-form-screen')),
              memberScreen('person/edit/:id', () => import('../features/records/screens/person-form-screen')),
              memberScreen('person/:id', () => import('../features/records/screens/person-detail-screen')),
              memberScreen('place', () => import('../features/records/screens/place-list-screen')),
              memberScreen('place/add', () => import('../features/records/screens/place-form-screen')),
              memberScreen('place/edit/:id', () => import('../features/records/screens/place-form-screen')),
              memberScreen('place/:id', () => import('../features/records/screens/place-detail-screen')),
              memberScreen('thing', () => import('../features/records/screens/thing-list-screen')),
              memberScreen('thing/add', () => import('../features/records/screens/thing-form-screen')),
              memberScreen('thing/edit/:id', () => import('../features/records/screens/thing-form-screen')),
              memberScreen('thing/:id', () => import('../features/records/screens/thing-detail-screen')),
              // 'add', 'edit/:id' and 'page' before ':id', so none of them is ever an id.
              memberScreen('account', () => import('../features/accounts/screens/accounts-screen')),
              memberScreen('account/add', () => import('../features/accounts/screens/account-form-screen')),
              memberScreen('account/edit/:id', () => import('../features/accounts/screens/account-form-screen')),
              memberScreen('account/page', () => import('../features/accounts/screens/account-page-screen')),
              memberScreen('account/:id', () => import('../features/accounts/screens/account-detail-screen')),
              memberScreen('accountTransaction/:id', () => import('../features/accounts/screens/transactions-screen')),
              // /orders is not in the spec's table: it lists my orders (buying, selling), which the
              // order screens it names belong to.
              memberScreen('orders', () => import('../features/orders/screens/orders-screen')),
              memberScreen('order/add', () => import('../features/orders/screens/order-add-screen')),
              memberScreen('order/edit/:id', () => import('../features/orders/screens/order-edit-screen')),
              memberScreen('order/:id', () => import('../features/orders/screens/order-detail-screen')),
              memberScreen('select-payment/:id', () => import('../features/payments/screens/select-payment-screen')),
              memberScreen('pay/:id', () => import('../features/payments/screens/pay-screen')),
              memberScreen('sub', () => import('../features/subscriptions/screens/subscribe-screen')),
              memberScreen('references', () => import('../features/references/screens/references-screen')),
              memberScreen('notifications', () => import('../features/notifications/screens/notifications-screen')),
              memberScreen(
                'notifications/settings',
                () => import('../features/notifications/screens/notification-settings-screen'),
              ),
              memberScreen('admin/mail', () => import('../features/accounts/screens/outgoing-mail-screen')),
            ],
          },
          { path: '*', lazy: landing },
        ],
      },
    ],
  },
];

/**
 * main.tsx renders once the interface language has loaded; the first screen's chunk need not wait
 * for it. Asking for it as soon as the language is on its way fetches both at once (the router's
 * own call later gets the same module), and a screen other than the landing page brings the rest
 * of that language along (lib/later-parts.tsx). A screen with data of its own (withData) asks for
 * it at the same time, before the router is even made.
 */
export function prefetchFirstScreen(location: Pick<Location, 'href'> = window.location): void {
  const url = new URL(location.href);
  // Matched once: matching walks and ranks the whole route table, a long task on a slow phone.
  const route = matchedRoute(url.pathname);
  // The data's few small files first: the browser takes only so many requests at a time, and a
  // screen's code can be dozens of files.
  const data = (route?.handle as { data?: ScreenData } | undefined)?.data;
  if (data) startScreenData(data, url);
  loadScreen(route);
}

const matchedRoute = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route;

function loadScreen(route: RouteObject | undefined): void {
  const lazy = route?.lazy;
  if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
}

/**
 * A pointer resting on a link, a finger touching it or focus reaching it starts loading the screen
 * it leads to, so the screen is usually in by the time the click lands.
 */
export function prefetchOnIntent(target: Document = document): void {
  const asked = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (asked.has(link.pathname)) return;
    asked.add(link.pathname);
    loadScreen(matchedRoute(link.pathname));
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) {
    target.addEventListener(type, onIntent, { capture: true, passive: true });
  }
}

export function createRouter() {
  prefetchOnIntent();
  return createBrowserRouter(routes);
}
