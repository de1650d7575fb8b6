import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http-error';

/**
 * The app's one query client, in a chunk of its own: TanStack Query's core is not on the landing
 * page's first load (later-parts.tsx hands the client to the app once it is in).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again; a flaky network might.
      retry: (count, error) => count < 2 && !(error instanceof HttpError && error.status >= 400 && error.status < 500),
    },
  },
});

// QueryClientProvider would mount it; later-parts.tsx provides it through the bare context, so it
// starts listening for window focus and reconnection here, once, for the life of the page.
queryClient.mount();
