import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoginResponseProvider } from './session';

/**
 * For screen tests: the routes in a memory router opened at `path`, with a query client that does
 * not retry, and the session provider (the signed-in member the test stored). Returns the router,
 * whose location says where the screen went.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LoginResponseProvider>
        <RouterProvider router={router} />
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** What a form control's aria-describedby says (ui/field.tsx's hint and error), as one text. */
export const notesOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

/** For component tests: the query client every screen has around it (app/providers.tsx), not retrying. */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
