// Features may not import app/paths.ts (layering), so the muses routes are built here once.
export const musePaths = {
  conversations: '/muses',
  thread: (conversationId: string) => `/muses/${encodeURIComponent(conversationId)}`,
  mine: '/muse',
  detail: (museId: string) => `/muse/${encodeURIComponent(museId)}`,
  edit: (museId: string) => `/muse/edit/${encodeURIComponent(museId)}`,
} as const;
