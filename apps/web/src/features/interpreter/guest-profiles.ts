import { useSyncExternalStore } from 'react';
import type * as PlazaSchemas from '@tolk/shared/schemas/plazas';
import type { InterpreterProfile, InterpreterProfileInput } from '@tolk/shared/schemas/plazas';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { newClientId } from '../../lib/client-id';
import { endonym as languageName } from '../../lib/language-names';

/** The pairs every visitor can open at once (issue 6): the commonest meetings of our engines' languages. */
export const READY_PAIRS = [
  ['en', 'es'],
  ['en', 'fr'],
  ['en', 'pt'],
  ['en', 'it'],
  ['es', 'pt'],
  ['fr', 'es'],
] as const;

export const DEFAULT_VOICE = { enabled: true, rate: 1 } as const;

export const pairName = (userLanguage: string, audienceLanguage: string) =>
  `${languageName(userLanguage)} – ${languageName(audienceLanguage)}`;

/**
 * The ready pairs, each turned so that the reader's own interface language is "me" when the pair
 * contains it: a Spanish reader opening Español–English speaks Spanish, not English.
 */
export function readyProfiles(uiLanguage: string): InterpreterProfile[] {
  return READY_PAIRS.map(([first, second]) => {
    const [userLanguage, audienceLanguage] = second === uiLanguage ? [second, first] : [first, second];
    return {
      id: `ready-${first}-${second}`,
      name: pairName(userLanguage, audienceLanguage),
      userLanguage,
      audienceLanguage,
      voice: { ...DEFAULT_VOICE },
      createdAt: '1970-01-01T00:00:00.000Z',
    };
  });
}

/** No stored pair: one array, the same between reads, and what the interpreter rendered ahead shows. */
const NONE: InterpreterProfile[] = [];

/**
 * The checks: the schemas the server holds members' pairs to. Loaded only once there is something
 * to check (a stored pair to read, a pair to add, rename or delete), so the interpreter's first
 * screen for a guest with nothing stored runs no zod, a long task on a slow phone.
 */
type Checks = typeof PlazaSchemas;
let checks: Checks | undefined;
let checksLoading: Promise<Checks> | undefined;

function loadChecks(): Promise<Checks> {
  checksLoading ??= import('@tolk/shared/schemas/plazas').then(
    (module) => {
      checks = module;
      return module;
    },
    (error: unknown) => {
      checksLoading = undefined;
      throw error;
    },
  );
  return checksLoading;
}

function parseStored(raw: string, { interpreterProfileSchema }: Checks): InterpreterProfile[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    // One damaged entry (an older version, a hand edit) must not cost the guest the others.
    return parsed.flatMap((item) => {
      const result = interpreterProfileSchema.safeParse(item);
      return result.success ? [result.data] : [];
    });
  } catch {
    return [];
  }
}

let cachedRaw: string | null | undefined;
let cachedProfiles: InterpreterProfile[] = NONE;

/**
 * Stable between calls while storage is unchanged, as useSyncExternalStore requires. Stored pairs
 * are read once their checks are in: until then the pairs stay as last read (none at first), and
 * the listeners hear when they can be read.
 */
export function readGuestProfiles(): InterpreterProfile[] {
  const raw = safeStorage.get(STORAGE_KEYS.interpreterProfiles);
  if (raw === cachedRaw) return cachedProfiles;
  if (raw && !checks) {
    void loadChecks().then(notify, () => undefined);
    return cachedProfiles;
  }
  cachedRaw = raw;
  cachedProfiles = raw && checks ? parseStored(raw, checks) : NONE;
  return cachedProfiles;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function writeGuestProfiles(profiles: InterpreterProfile[]): void {
  safeStorage.set(STORAGE_KEYS.interpreterProfiles, JSON.stringify(profiles));
  notify();
}

export type GuestProfileResult =
  { ok: true; profile: InterpreterProfile } | { ok: false; fields: Record<string, string[]> };

function fieldsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Validated with the same schema the server uses for members, so both lists hold the same shape. */
export async function addGuestProfile(input: InterpreterProfileInput): Promise<GuestProfileResult> {
  const { interpreterProfileInputSchema } = await loadChecks();
  const parsed = interpreterProfileInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fields: fieldsOf(parsed.error.issues) };
  const profile: InterpreterProfile = { id: newClientId(), ...parsed.data, createdAt: new Date().toISOString() };
  writeGuestProfiles([...readGuestProfiles(), profile]);
  return { ok: true, profile };
}

export async function renameGuestProfile(id: string, name: string): Promise<GuestProfileResult> {
  const { interpreterProfilePatchSchema } = await loadChecks();
  const parsed = interpreterProfilePatchSchema.safeParse({ name });
  if (!parsed.success) return { ok: false, fields: fieldsOf(parsed.error.issues) };
  const current = readGuestProfiles().find((profile) => profile.id === id);
  if (!current) return { ok: false, fields: { form: ['Not found.'] } };
  const renamed = { ...current, name: parsed.data.name ?? current.name };
  writeGuestProfiles(readGuestProfiles().map((profile) => (profile.id === id ? renamed : profile)));
  return { ok: true, profile: renamed };
}

export async function deleteGuestProfile(id: string): Promise<void> {
  // The stored pairs are read with their checks: without them the others would read as none.
  await loadChecks();
  writeGuestProfiles(readGuestProfiles().filter((profile) => profile.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab adding a pair shows up here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.interpreterProfiles || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What the interpreter rendered ahead shows: the app takes that page over as it is, then shows the pairs. */
const aheadOfTime = () => NONE;

export function useGuestProfiles(): InterpreterProfile[] {
  return useSyncExternalStore(subscribe, readGuestProfiles, aheadOfTime);
}
