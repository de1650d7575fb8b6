/**
 * Notices muses missing from a conversation's live stream. Sequence numbers have no holes (a
 * deleted muse keeps its place), so a new muse more than one past the newest held means some
 * were not delivered: sent through another server while the servers' shared channel was down,
 * say, with this socket connected all along and so never rejoining. Live copies may also arrive
 * a little out of order, so a hole is only acted on once it is still open after a grace period
 * (each hole its own, counted from when it became the first one missing);
 * then `onGap` is told the seq to catch up after (the last one held before the first missing),
 * and told again, less and less often, until the hole is filled: the catch-up may have been
 * asked on a connection that dropped, or of a server that could not answer.
 */

/**
 * How long a hole may stay open before it is asked for: live copies from two servers can overtake
 * each other by a few milliseconds; a lost one never comes.
 */
export const SEQ_GAP_GRACE_MS = 1_000;
/** Catch-ups asked for one hole before it is left to the next rejoin or reload. */
const MAX_ASKS = 6;

export interface GapWatch {
  /** A new muse arrived; `heldBefore` is the newest seq held before it was merged. */
  saw(seq: number, heldBefore: number): void;
  /**
   * A join's replay is complete through `seq`: whatever is still missing up to it is not for this
   * reader (a muse of someone they blocked is never sent to them), so a hole there is closed.
   */
  heldThrough(seq: number): void;
  /** Whether a hole is open (noticed and not yet filled). */
  readonly open: boolean;
  stop(): void;
}

export function watchSeqGaps(onGap: (afterSeq: number) => void, graceMs = SEQ_GAP_GRACE_MS): GapWatch {
  /** Everything up to `from` is held; `received` holds what arrived after it. */
  let from = 0;
  let highest = 0;
  let received: Set<number> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asks = 0;

  const close = () => {
    clearTimeout(timer);
    timer = undefined;
    received = undefined;
  };

  const check = () => {
    timer = undefined;
    const seen = received;
    if (!seen) return;
    const before = from;
    while (from + 1 < highest && seen.has(from + 1)) seen.delete(++from);
    // Progress since the last ask: the next hole gets its own count.
    if (from > before) asks = 0;
    if (from + 1 >= highest || asks >= MAX_ASKS) {
      close();
      return;
    }
    asks += 1;
    onGap(from);
    timer = setTimeout(check, graceMs * 2 ** asks);
  };

  return {
    saw(seq, heldBefore) {
      if (received) {
        if (seq <= from) return;
        received.add(seq);
        highest = Math.max(highest, seq);
        const before = from;
        while (received.has(from + 1)) received.delete(++from);
        if (from >= highest) close();
        else if (from > before) {
          // The front hole was filled (a copy that came late): the next one gets a grace of its
          // own from now, as copies overtaking each other would fill it too.
          asks = 0;
          clearTimeout(timer);
          timer = setTimeout(check, graceMs);
        }
        return;
      }
      if (seq <= heldBefore + 1) return;
      from = heldBefore;
      highest = seq;
      received = new Set([seq]);
      asks = 0;
      timer = setTimeout(check, graceMs);
    },
    heldThrough(seq) {
      if (!received || seq < from) return;
      from = Math.max(from, seq);
      for (const held of [...received]) if (held <= from) received.delete(held);
      if (from + 1 >= highest) close();
    },
    get open() {
      return received !== undefined;
    },
    stop: close,
  };
}
