import type { Muse, MusesPage, Photo } from '@tolk/shared/schemas/conversations';
import { mergeIntoList, mergeReaderCopy } from './muse-copies';

/**
 * A muse this client is sending. It keeps its client id for life: a retry resends the same id,
 * so the server returns the muse it already stored instead of storing it twice.
 */
export interface PendingMuse {
  clientId: string;
  text: string;
  from: string | undefined;
  photo: Photo | null;
  /** A recording of mine going with it (POST /api/voice stored it), as the muse's voice. */
  voice: PendingVoice | null;
  createdAt: string;
  status: 'sending' | 'failed';
  /** network: sent again by itself when the connection returns; rejected: only on request. */
  failure?: 'network' | 'rejected';
  error?: string;
}

export interface PendingVoice {
  id: string;
  durationMs: number;
}

/** One thread as the screen holds it: confirmed muses in ascending seq, then the pending ones. */
export interface ThreadState {
  muses: Muse[];
  pending: PendingMuse[];
  /** Earlier muses exist on the server (paging with ?before). */
  hasOlder: boolean;
}

export const EMPTY_THREAD: ThreadState = { muses: [], pending: [], hasOlder: false };

export function lastSeqOf(state: ThreadState | undefined): number {
  return state?.muses.at(-1)?.seq ?? 0;
}

export function firstSeqOf(state: ThreadState | undefined): number | undefined {
  return state?.muses[0]?.seq;
}

/**
 * Which of two copies of the same muse to keep: the one merge rule of muse-copies.ts (the
 * plaza's too), seen in this reader's language.
 */
export const newerMuse = mergeReaderCopy;

/**
 * Merges muses into the thread: exactly one entry per id and per seq, in ascending seq, and the
 * pending copy of any muse that arrived is dropped. Returns the same state when nothing changed,
 * so unchanged muses keep their identity and their rows do not re-render.
 */
export function mergeMuses(state: ThreadState, incoming: readonly Muse[]): ThreadState {
  if (incoming.length === 0) return state;
  const muses = mergeIntoList(state.muses, incoming, newerMuse) as Muse[];
  const arrivedClientIds = new Set(incoming.map((muse) => muse.clientId));
  const pending = state.pending.filter((item) => !arrivedClientIds.has(item.clientId));
  const pendingChanged = pending.length !== state.pending.length;
  if (muses === state.muses && !pendingChanged) return state;
  return { ...state, muses, pending: pendingChanged ? pending : state.pending };
}

/**
 * The newest page, fetched on opening a thread. When it does not join up with what is held
 * (many muses arrived while away) the old muses are dropped: a gap would never be filled,
 * because rejoining asks only for muses after the newest seq.
 */
export function applyLatestPage(state: ThreadState | undefined, page: MusesPage, replace = false): ThreadState {
  const base = state ?? EMPTY_THREAD;
  const first = page.muses[0];
  const joinsUp = first === undefined || first.seq <= lastSeqOf(base) + 1;
  if (replace || base.muses.length === 0 || !joinsUp) {
    return mergeMuses({ muses: [], pending: base.pending, hasOlder: page.hasMore }, page.muses);
  }
  const merged = mergeMuses(base, page.muses);
  return merged.muses[0]?.seq === base.muses[0]?.seq ? merged : { ...merged, hasOlder: page.hasMore };
}

export function applyOlderPage(state: ThreadState, page: MusesPage): ThreadState {
  const merged = mergeMuses(state, page.muses);
  return merged.hasOlder === page.hasMore ? merged : { ...merged, hasOlder: page.hasMore };
}

export function markDeleted(state: ThreadState, id: string): ThreadState {
  const index = state.muses.findIndex((muse) => muse.id === id);
  const muse = state.muses[index];
  if (!muse || muse.deleted) return state;
  const muses = [...state.muses];
  muses[index] = {
    ...muse,
    deleted: true,
    text: '',
    transliteration: null,
    photo: null,
    voice: null,
    translation: null,
  };
  return { ...state, muses };
}

export function addPending(state: ThreadState, pending: PendingMuse): ThreadState {
  if (state.pending.some((item) => item.clientId === pending.clientId)) return state;
  return { ...state, pending: [...state.pending, pending] };
}

function patchPending(state: ThreadState, clientId: string, patch: (item: PendingMuse) => PendingMuse): ThreadState {
  const index = state.pending.findIndex((item) => item.clientId === clientId);
  const item = state.pending[index];
  if (!item) return state;
  const pending = [...state.pending];
  pending[index] = patch(item);
  return { ...state, pending };
}

export function failPending(
  state: ThreadState,
  clientId: string,
  failure: 'network' | 'rejected',
  error: string,
): ThreadState {
  return patchPending(state, clientId, (item) => ({ ...item, status: 'failed', failure, error }));
}

export function resendPending(state: ThreadState, clientId: string): ThreadState {
  return patchPending(state, clientId, (item) => {
    const next: PendingMuse = { ...item, status: 'sending' };
    delete next.failure;
    delete next.error;
    return next;
  });
}

/** The server stored it: the confirmed muse replaces the pending copy (or is already there). */
export function confirmSent(state: ThreadState, muse: Muse): ThreadState {
  return mergeMuses(state, [muse]);
}

export function hasPendingTranslation(state: ThreadState | undefined): boolean {
  return state?.muses.some((muse) => muse.translation?.state === 'pending') ?? false;
}
