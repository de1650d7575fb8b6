import type { AxiosRequestConfig } from 'axios';
import { PLAZA_TOKEN_HEADER } from '@tolk/shared/auth-constants';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';

/** A guest's tokens outlive their plazas by at most this many entries; older ones are dropped. */
const MAX_TOKENS = 20;

function readTokens(): Record<string, string> {
  const raw = safeStorage.get(STORAGE_KEYS.plazaTokens);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const tokens: Record<string, string> = {};
    for (const [id, token] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof token === 'string' && token) tokens[id] = token;
    }
    return tokens;
  } catch {
    return {};
  }
}

function writeTokens(tokens: Record<string, string>): void {
  safeStorage.set(STORAGE_KEYS.plazaTokens, JSON.stringify(tokens));
}

export function getPlazaToken(plazaId: string): string | undefined {
  return readTokens()[plazaId];
}

/**
 * Kept in localStorage rather than sessionStorage: a guest who closes the tab by accident, or
 * opens the plaza in a second tab, must get back in while the plaza lives.
 */
export function savePlazaToken(plazaId: string, token: string): void {
  // Re-inserted last, so the oldest entries are the first ones dropped.
  const entries = Object.entries(readTokens()).filter(([id]) => id !== plazaId);
  entries.push([plazaId, token]);
  writeTokens(Object.fromEntries(entries.slice(-MAX_TOKENS)));
}

export function forgetPlazaToken(plazaId: string): void {
  const tokens = readTokens();
  if (!(plazaId in tokens)) return;
  writeTokens(Object.fromEntries(Object.entries(tokens).filter(([id]) => id !== plazaId)));
}

/** Per-request headers for a plaza call: guests prove membership with their token, members with the session. */
export function plazaRequestConfig(plazaId: string): AxiosRequestConfig {
  const token = getPlazaToken(plazaId);
  return token ? { headers: { [PLAZA_TOKEN_HEADER]: token } } : {};
}
