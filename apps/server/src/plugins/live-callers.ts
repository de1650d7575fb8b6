/**
 * Signed-in callers as last read, by the token they presented: a busy member's requests (a muse
 * sent over HTTP every second) cost no token check and no session query for `ttlMs`. Revoking a
 * session drops its entries at once (on this instance; the realtime plugin passes revocations to
 * the others), and so does a change to the account that the caller carries (its subscription);
 * anything else changed by hand (a superadmin's edit of roles) shows within the window.
 */
export interface CachedCaller {
  accountId: string;
  sessionId: string;
  expiresAt: Date;
}

export class LiveCallers<C extends CachedCaller> {
  private readonly entries = new Map<string, { caller: C; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): C | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.at >= this.ttlMs || entry.caller.expiresAt.getTime() <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.caller;
  }

  set(token: string, caller: C): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(token);
    // The oldest entry goes first when full (a Map keeps insertion order).
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { caller, at: this.now() });
  }

  forgetSessions(sessionIds: readonly string[]): void {
    if (!sessionIds.length || !this.entries.size) return;
    const gone = new Set(sessionIds);
    for (const [token, { caller }] of this.entries) if (gone.has(caller.sessionId)) this.entries.delete(token);
  }

  forgetAccount(accountId: string): void {
    for (const [token, { caller }] of this.entries) if (caller.accountId === accountId) this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }
}
