import { safeStorage } from '../../lib/storage-keys';

/**
 * Profile id → the plaza it last opened, for pairs kept in this browser (guests' pairs and the
 * ready-made ones). Members' own pairs remember theirs on the server.
 * Kept beside the feature rather than in STORAGE_KEYS, which another area owns; same prefix.
 */
export const LAST_PLAZAS_KEY = 'tolk.interpreterLastPlazas';
const MAX_ENTRIES = 50;

function read(): Record<string, string> {
  const raw = safeStorage.get(LAST_PLAZAS_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
  } catch {
    return {};
  }
}

export function lastPlazaOf(profileId: string): string | undefined {
  return read()[profileId];
}

export function rememberPlaza(profileId: string, plazaId: string): void {
  // Re-inserted last, so the oldest entries are the first ones dropped.
  const entries = Object.entries(read()).filter(([id]) => id !== profileId);
  entries.push([profileId, plazaId]);
  safeStorage.set(LAST_PLAZAS_KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_ENTRIES))));
}

export function forgetLastPlaza(profileId: string): void {
  const entries = Object.entries(read()).filter(([id]) => id !== profileId);
  safeStorage.set(LAST_PLAZAS_KEY, JSON.stringify(Object.fromEntries(entries)));
}
