import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { loadRestOfLanguage } from './i18n';

/*
 * What the first screen (the app shell and the landing page) leaves out and everything after it
 * needs: the rest of the interface language and the query client. They load while the page is
 * idle (app/providers.tsx) or as soon as a later part is asked for, whichever comes first, and
 * every later part (each screen, each lazy piece of the shell) waits for them through
 * afterFirstScreen, so none renders a key or asks for a missing client.
 */
let client: QueryClient | undefined;
const listeners = new Set<() => void>();
let loading: Promise<void> | undefined;

export function loadLaterParts(): Promise<void> {
  loading ??= Promise.all([
    import('./query-client').then(({ queryClient }) => {
      client = queryClient;
      for (const listener of listeners) listener();
    }),
    loadRestOfLanguage(),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A lazy part's loader that resolves once the later parts are in as well. */
export function afterFirstScreen<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadLaterParts()]))[0];
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const currentClient = () => client;

/**
 * QueryClientProvider for a client that arrives after the first render: the context is empty
 * until then, which nothing on the first screen reads, and the tree below never remounts.
 */
export function LateQueryClientProvider({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(subscribe, currentClient, currentClient);
  return <QueryClientContext.Provider value={value}>{children}</QueryClientContext.Provider>;
}
