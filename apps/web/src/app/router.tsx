import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { afterFirstScreen } from '../lib/later-parts';
import { ScreenSkeleton } from '../ui/skeletons';
import { AppLayout } from './layout/app-layout';
import { MembersOnly } from './members-only';
import { RouteError } from './route-error';

// Every screen is its own chunk, fetched when its route is first visited (or a link to it is
// about to be followed: prefetchOnIntent). The landing page is the first screen: it needs only
// what the first page load brings; every other screen also waits for the rest of the language and
// the query client (lib/later-parts.tsx).
const landing = () => import('../features/landing/screens/landing-screen');

const screen = (path: string, load: () => Promise<Record<string, unknown>>): RouteObject => ({
  path,
  lazy: afterFirstScreen(load),
});

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <ScreenSkeleton />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: landing },
          { path: 'home', lazy: landing },
          { path: 'landinghome', lazy: landing },
          screen('register', () => import('../features/auth/screens/register-screen')),
          screen('signin', () => import('../features/auth/screens/sign-in-screen')),
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
              screen('profile', () => import('../features/profile/screens/profile-screen')),
              screen('profile/edit', () => import('../features/profile/screens/profile-edit-screen')),
              screen('changepassword', () => import('../features/auth/screens/change-password-screen')),
              screen('muses', () => import('../features/muses/screens/conversations-screen')),
              screen('muses/:id', () => import('../features/muses/screens/thread-screen')),
              screen('muse', () => import('../features/muses/screens/my-muses-screen')),
              screen('muse/edit/:id', () => import('../features/muses/screens/muse-edit-screen')),
              screen('muse/:id', () => import('../features/muses/screens/muse-detail-screen')),
              screen('connect', () => import('../features/connect/screens/connect-screen')),
              screen('connect/reports', () => import('../features/connect/screens/reports-screen')),
              screen('connect/trips/:id', () => import('../features/connect/screens/trip-screen')),
              screen('connect/:id', () => import('../features/connect/screens/person-screen')),
              // 'add' and 'edit/:id' before ':id', so "add" is never an id.
              screen('person', () => import('../features/records/screens/person-list-screen')),
              screen('person/add', () => import('../features/records/screens/person-form-screen')),
              screen('person/edit/:id', () => import('../features/records/screens/person-form-screen')),
              screen('person/:id', () => import('../features/records/screens/person-detail-screen')),
              screen('place', () => import('../features/records/screens/place-list-screen')),
              screen('place/add', () => import('../features/records/screens/place-form-screen')),
              screen('place/edit/:id', () => import('../features/records/screens/place-form-screen')),
              screen('place/:id', () => import('../features/records/screens/place-detail-screen')),
              screen('thing', () => import('../features/records/screens/thing-list-screen')),
              screen('thing/add', () => import('../features/records/screens/thing-form-screen')),
              screen('thing/edit/:id', () => import('../features/records/screens/thing-form-screen')),
              screen('thing/:id', () => import('../features/records/screens/thing-detail-screen')),
              // 'add', 'edit/:id' and 'page' before ':id', so none of them is ever an id.
              screen('account', () => import('../features/accounts/screens/accounts-screen')),
              screen('account/add', () => import('../features/accounts/screens/account-form-screen')),
              screen('account/edit/:id', () => import('../features/accounts/screens/account-form-screen')),
              screen('account/page', () => import('../features/accounts/screens/account-page-screen')),
              screen('account/:id', () => import('../features/accounts/screens/account-detail-screen')),
              screen('accountTransaction/:id', () => import('../features/accounts/screens/transactions-screen')),
              // /orders is not in the spec's table: it lists my orders (buying, selling), which the
              // order screens it names belong to.
              screen('orders', () => import('../features/orders/screens/orders-screen')),
              screen('order/add', () => import('../features/orders/screens/order-add-screen')),
              screen('order/edit/:id', () => import('../features/orders/screens/order-edit-screen')),
              screen('order/:id', () => import('../features/orders/screens/order-detail-screen')),
              screen('select-payment/:id', () => import('../features/payments/screens/select-payment-screen')),
              screen('pay/:id', () => import('../features/payments/screens/pay-screen')),
              screen('sub', () => import('../features/subscriptions/screens/subscribe-screen')),
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
 * of that language along (lib/later-parts.tsx).
 */
export function prefetchFirstScreen(location: Pick<Location, 'pathname'> = window.location): void {
  prefetchScreen(location.pathname);
}

function prefetchScreen(pathname: string): void {
  const lazy = matchRoutes(routes, pathname)?.at(-1)?.route.lazy;
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
    prefetchScreen(link.pathname);
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) {
    target.addEventListener(type, onIntent, { capture: true, passive: true });
  }
}

export function createRouter() {
  prefetchOnIntent();
  return createBrowserRouter(routes);
}
