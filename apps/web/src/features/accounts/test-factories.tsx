import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AdminAccount, Tenant } from '@tolk/shared/schemas/accounts-admin';
import type { LedgerEntry } from '@tolk/shared/schemas/ledger';
import { LoginResponseProvider } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage-keys';

export const ADMIN_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const KARI_ID = '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const STAMP = '2026-05-01T10:00:00.000Z';

/** Kari, a member of the Oslo club tenant. */
export function anAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id: KARI_ID,
    username: 'kari',
    displayName: 'Kari Nordmann',
    language: 'nb',
    roles: 'user',
    tenant: 'oslo-club',
    superAdmin: false,
    state: 'active',
    suspendedAt: null,
    mustChangePassword: false,
    email: 'kari@example.org',
    emailVerified: true,
    createdAt: STAMP,
    updatedAt: STAMP,
    lastActiveAt: null,
    version: 1,
    ...overrides,
  };
}

export function aTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: '2c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
    slug: 'oslo-club',
    name: 'Oslo Club',
    createdAt: STAMP,
    accounts: 1,
    removable: false,
    ...overrides,
  };
}

/** A payment of 12.50 EUR out of Kari's account, to Ana, for an order. */
export function anEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: '41',
    ledgerAccountId: '3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a',
    transferId: '4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b',
    at: STAMP,
    kind: 'payment',
    counterparty: {
      kind: 'member',
      name: 'Ana',
      memberId: '5f6a7b8c-9d0e-4f1a-8b2c-4d5e6f7a8b9c',
      system: null,
      ledgerAccountId: '6a7b8c9d-0e1f-4a2b-9c3d-5e6f7a8b9c0d',
    },
    reference: { type: 'order', id: '7b8c9d0e-1f2a-4b3c-8d4e-6f7a8b9c0d1e', title: 'Cooking class' },
    currency: 'EUR',
    amount: -1250,
    balanceAfter: 3750,
    memo: '',
    reversesId: null,
    reversedById: null,
    ...overrides,
  };
}

/** Signed in as a superadmin (the root tenant), or as Kari, a member. */
export function signInAs(who: 'superadmin' | 'member', extra: Record<string, unknown> = {}): void {
  const session =
    who === 'superadmin'
      ? { username: 'admin', tenant: 'root', roles: 'superadmin', userId: ADMIN_ID, isLoggedIn: true }
      : { username: 'kari', tenant: 'oslo-club', roles: 'user', userId: KARI_ID, isLoggedIn: true };
  localStorage.setItem(STORAGE_KEYS.loginResponse, JSON.stringify({ ...session, ...extra }));
}

/** The routes given, at `path`, inside the session and a query client that does not retry. */
export function renderRoutes(routes: RouteObject[], path: string, wrap: (app: ReactNode) => ReactNode = (app) => app) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LoginResponseProvider>{wrap(<RouterProvider router={router} />)}</LoginResponseProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
