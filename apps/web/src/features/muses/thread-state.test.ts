import { describe, expect, it } from 'vitest';
import { aMuse, aTranslation } from './test-factories';
import {
  EMPTY_THREAD,
  addPending,
  applyLatestPage,
  applyOlderPage,
  confirmSent,
  failPending,
  hasPendingTranslation,
  lastSeqOf,
  markDeleted,
  mergeMuses,
  resendPending,
  type PendingMuse,
  type ThreadState,
} from './thread-state';

const thread = (seqs: number[], extra: Partial<ThreadState> = {}): ThreadState => ({
  ...EMPTY_THREAD,
  muses: seqs.map((seq) => aMuse(seq)),
  ...extra,
});

const pending = (clientId: string, overrides: Partial<PendingMuse> = {}): PendingMuse => ({
  clientId,
  text: 'Good morning, my friend',
  from: undefined,
  photo: null,
  voice: null,
  createdAt: '2025-06-01T10:00:00.000Z',
  status: 'sending',
  ...overrides,
});

const seqs = (state: ThreadState) => state.muses.map((muse) => muse.seq);

describe('mergeMuses: exactly once on screen', () => {
  it('keeps ascending seq whatever order muses arrive in', () => {
    const state = mergeMuses(EMPTY_THREAD, [aMuse(3), aMuse(1), aMuse(2)]);
    expect(seqs(state)).toEqual([1, 2, 3]);
  });

  it('holds one entry per muse when the same muse arrives several times (POST reply, echo, replay)', () => {
    let state = thread([1, 2]);
    state = mergeMuses(state, [aMuse(3)]);
    state = mergeMuses(state, [aMuse(3)]);
    state = mergeMuses(state, [aMuse(2), aMuse(3), aMuse(4)]);
    expect(seqs(state)).toEqual([1, 2, 3, 4]);
    expect(new Set(state.muses.map((muse) => muse.id)).size).toBe(4);
  });

  it('returns the very same state when nothing new arrived, so no row re-renders', () => {
    const state = thread([1, 2, 3]);
    expect(mergeMuses(state, [aMuse(2)])).toBe(state);
    expect(mergeMuses(state, [])).toBe(state);
  });

  it('keeps the identity of muses that did not change', () => {
    const state = thread([1, 2]);
    const next = mergeMuses(state, [aMuse(3)]);
    expect(next.muses[0]).toBe(state.muses[0]);
    expect(next.muses[1]).toBe(state.muses[1]);
  });

  it('replaces a pending translation with the finished one', () => {
    const state = thread([], { muses: [aMuse(1, { translation: aTranslation({ state: 'pending', text: null }) })] });
    const next = mergeMuses(state, [aMuse(1, { translation: aTranslation({ text: 'Buenos días' }) })]);
    expect(next.muses[0]?.translation?.text).toBe('Buenos días');
  });

  it('never lets a late, older copy undo a finished translation, an edit or a deletion', () => {
    const ready = aMuse(1, { translation: aTranslation({ text: 'Buenos días' }) });
    const latePending = aMuse(1, { translation: aTranslation({ state: 'pending', text: null }) });
    expect(mergeMuses(thread([], { muses: [ready] }), [latePending]).muses[0]?.translation?.state).toBe('ready');

    const edited = aMuse(1, { text: 'Edited', editedAt: '2025-06-01T11:00:00.000Z' });
    expect(mergeMuses(thread([], { muses: [edited] }), [aMuse(1)]).muses[0]?.text).toBe('Edited');

    const deleted = markDeleted(thread([1]), aMuse(1).id);
    expect(mergeMuses(deleted, [aMuse(1)]).muses[0]?.deleted).toBe(true);
  });

  it("keeps the reading of a muse when a copy made before it arrives later (the sender's acknowledgement)", () => {
    const original = { text: 'Привет', from: 'ru' };
    const read = aMuse(1, {
      ...original,
      transliteration: 'Privet',
      translation: aTranslation({ to: 'ru', text: 'Привет', state: 'skipped', transliteration: 'Privet' }),
    });
    const ack = aMuse(1, {
      ...original,
      translation: aTranslation({ to: 'ru', text: 'Привет', state: 'skipped', transliteration: null }),
    });
    const [kept] = mergeMuses(thread([]), [read, ack]).muses;
    expect(kept?.transliteration).toBe('Privet');
    expect(kept?.translation?.transliteration).toBe('Privet');
    // An edit is another text: its reading comes with its own update.
    const edited = aMuse(1, { text: 'Пока', from: 'ru', editedAt: '2025-06-02T10:00:00.000Z' });
    expect(mergeMuses(thread([]), [read, edited]).muses[0]?.transliteration).toBeNull();
  });

  it('takes a newer edit over what is held', () => {
    const next = mergeMuses(thread([1]), [aMuse(1, { text: 'Better words', editedAt: '2025-06-01T12:00:00.000Z' })]);
    expect(next.muses[0]?.text).toBe('Better words');
  });
});

describe('optimistic sending', () => {
  it('shows a pending muse until the stored one arrives, then only the stored one', () => {
    let state = addPending(thread([1]), pending('abc-123-def'));
    expect(state.pending).toHaveLength(1);
    state = confirmSent(state, aMuse(2, { clientId: 'abc-123-def' }));
    expect(state.pending).toHaveLength(0);
    expect(seqs(state)).toEqual([1, 2]);
  });

  it('drops the pending copy when the socket echo arrives before the POST reply, and the reply adds nothing', () => {
    let state = addPending(thread([1]), pending('abc-123-def'));
    state = mergeMuses(state, [aMuse(2, { clientId: 'abc-123-def' })]);
    const afterEcho = state;
    state = confirmSent(state, aMuse(2, { clientId: 'abc-123-def' }));
    expect(state).toBe(afterEcho);
    expect(state.muses).toHaveLength(2);
    expect(state.pending).toHaveLength(0);
  });

  it('marks a failed send and sends it again under the same client id', () => {
    let state = addPending(EMPTY_THREAD, pending('abc-123-def'));
    state = failPending(state, 'abc-123-def', 'network', 'Network Error');
    expect(state.pending[0]).toMatchObject({ clientId: 'abc-123-def', status: 'failed', failure: 'network' });
    state = resendPending(state, 'abc-123-def');
    expect(state.pending[0]).toEqual(pending('abc-123-def'));
  });

  it('does not add the same pending muse twice', () => {
    const state = addPending(EMPTY_THREAD, pending('abc-123-def'));
    expect(addPending(state, pending('abc-123-def'))).toBe(state);
  });
});

describe('paging', () => {
  it('puts earlier muses on top and remembers whether more exist', () => {
    const state = applyOlderPage(thread([51, 52], { hasOlder: true }), {
      muses: [aMuse(49), aMuse(50)],
      hasMore: false,
    });
    expect(seqs(state)).toEqual([49, 50, 51, 52]);
    expect(state.hasOlder).toBe(false);
  });

  it('merges a newest page that joins up with what is held', () => {
    const state = applyLatestPage(thread([1, 2, 3]), { muses: [aMuse(3), aMuse(4)], hasMore: true });
    expect(seqs(state)).toEqual([1, 2, 3, 4]);
  });

  it('starts over when the newest page leaves a gap, since a rejoin would never fill it', () => {
    const held = addPending(thread([1, 2, 3]), pending('abc-123-def'));
    const state = applyLatestPage(held, { muses: [aMuse(60), aMuse(61)], hasMore: true });
    expect(seqs(state)).toEqual([60, 61]);
    expect(state.hasOlder).toBe(true);
    expect(state.pending).toHaveLength(1);
    expect(lastSeqOf(state)).toBe(61);
  });

  it('replaces everything when asked (the reading language changed) but keeps what is being sent', () => {
    const held = addPending(thread([1, 2]), pending('abc-123-def'));
    const state = applyLatestPage(
      held,
      { muses: [aMuse(1, { translation: aTranslation({ to: 'de', text: 'Hallo' }) }), aMuse(2)], hasMore: false },
      true,
    );
    expect(state.muses[0]?.translation?.to).toBe('de');
    expect(state.pending).toHaveLength(1);
  });
});

describe('markDeleted', () => {
  it('empties the text, photo and translation but keeps the place in the thread', () => {
    const state = markDeleted(thread([1, 2], {}), aMuse(2).id);
    expect(state.muses[1]).toMatchObject({ seq: 2, deleted: true, text: '', photo: null, translation: null });
  });
});

describe('hasPendingTranslation', () => {
  it('tells whether any muse held still waits for its translation', () => {
    expect(hasPendingTranslation(thread([1, 2]))).toBe(false);
    expect(
      hasPendingTranslation(thread([], { muses: [aMuse(1, { translation: aTranslation({ state: 'pending' }) })] })),
    ).toBe(true);
  });
});
