/** This feature's routes (features may not import app/paths.ts). */
export const interpreterPaths = {
  profiles: '/interpret',
  plaza: (id: string) => `/interpret/${encodeURIComponent(id)}`,
  join: (code?: string) => (code ? `/interpret/join?code=${encodeURIComponent(code)}` : '/interpret/join'),
} as const;
