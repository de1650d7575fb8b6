import { randomUUID } from 'node:crypto';
import type { Socket as TcpSocket } from 'node:net';
import { io } from 'socket.io-client';
import { joinAckSchema, sendMuseAckSchema } from '@tolk/shared/realtime';
import type { Muse, MusesPage } from '@tolk/shared/schemas/conversations';
import { MUSES_PAGE_SIZE } from '@tolk/shared/limits';
import { watchSeqGaps, type GapWatch } from '@tolk/shared/seq-gaps';
import type { Client } from './sockets';

/**
 * A member's device in a conversation, as the web client behaves (apps/web/src/lib/realtime.ts,
 * features/muses/use-thread.ts and use-send-muse.ts), for tests and benches where connections
 * drop: it holds the thread, rejoins after every reconnect asking for the muses after the newest
 * seq it holds, fetches the newest page again after a rejoin, and sends from an outbox that
 * resends with the same client id until the server answers. No vitest here: the benches use it.
 */

/**
 * The thread as a reader sees it, merged by the web's rule (apps/web/src/features/muses/muse-copies.ts
 * `mergeIntoList`): one entry per muse id and per seq, whatever copies arrive (live, replayed on a
 * recovered connection, caught up on a rejoin, in the newest page). What that rule would show
 * wrongly is kept in `conflicts`: a seq held by two muses (one of them would vanish from the
 * screen) or one muse under two seqs.
 */
export class ReaderThread {
  readonly byId = new Map<string, Muse>();
  private readonly idBySeq = new Map<number, string>();
  readonly conflicts: string[] = [];
  private newest = 0;

  /** Whether the muse was not in the thread before. */
  add(muse: Muse): boolean {
    const held = this.byId.get(muse.id);
    if (held && held.seq !== muse.seq) this.conflicts.push(`muse ${muse.id} came as seq ${held.seq} and ${muse.seq}`);
    const atSeq = this.idBySeq.get(muse.seq);
    if (atSeq !== undefined && atSeq !== muse.id) {
      this.conflicts.push(`seq ${muse.seq} came as muse ${atSeq} and ${muse.id}`);
    }
    this.byId.set(muse.id, muse);
    this.idBySeq.set(muse.seq, muse.id);
    this.newest = Math.max(this.newest, muse.seq);
    return !held;
  }

  /** The newest seq held: what the web client asks to be caught up after (lastSeqOf). */
  get lastSeq(): number {
    return this.newest;
  }
}

export interface SendAttempt {
  clientId: string;
  at: number;
  answeredAt?: number;
  outcome: 'stored' | 'refused' | 'no answer';
  error?: { code: string; message: string };
  /** The server the socket was connected to. */
  url: string;
  /** The connection dropped before an answer could come. */
  dropped: boolean;
}

export interface LiveClientOptions {
  /** The server to (re)connect to, asked at every new connection (a load balancer's choice). */
  url: () => string;
  token: string;
  conversationId: string;
  /**
   * Reconnect as the web does, the same Socket.IO socket resuming its session where the server
   * can (connection-state recovery replays what was missed); otherwise every reconnection is a
   * new socket (a reload, or another instance) that only the rejoin's catch-up brings up to date.
   */
  recovering: boolean;
  /** How long the device stays offline after a drop before it connects again. */
  offlineMs: number;
  /** How long a send waits for its answer before it goes again (the web's is 8 s). */
  sendTimeoutMs?: number;
  joinTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class LiveClient {
  readonly thread = new ReaderThread();
  /** `muse:new` copies received per muse id (live, replayed and caught up alike). */
  readonly copies = new Map<string, number>();
  /** Muses the thread first got from the newest page after a rejoin, not from the socket. */
  fromPage = 0;
  /** Milliseconds from the start of each reconnection to the rejoin's answer (its replay sent). */
  readonly replays: number[] = [];
  readonly attempts: SendAttempt[] = [];
  /** clientId → the stored muse its answer named. */
  readonly acknowledged = new Map<string, Muse>();
  readonly outbox: string[] = [];
  /** Holes in the live stream asked for again (see `watchSeqGaps`). */
  gapCatchUps = 0;
  /** Joins refused, or unanswered on a live connection. */
  joinFailures = 0;
  /** Reconnections on which the server resumed the session (and replayed what was missed). */
  recovered = 0;
  private socket: Client | undefined;
  private reconnectingSince: number | undefined;
  private sending = false;
  private closed = false;
  private opening: NodeJS.Timeout | undefined;
  private joined = false;
  /**
   * A hole in what a connected socket was sent (lost with the servers' shared channel) is asked
   * for again, as live-conversation.ts does: one watch for the device, whichever socket it is on.
   */
  private readonly gaps: GapWatch = watchSeqGaps((afterSeq) => {
    const socket = this.socket;
    if (!socket?.connected) return;
    this.gapCatchUps++;
    void this.rejoin(socket, this.socketUrl, () => afterSeq);
  });
  private socketUrl = '';

  constructor(readonly options: LiveClientOptions) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** A hole in the live stream is noticed and not yet filled. */
  get gapOpen(): boolean {
    return this.gaps.open;
  }

  /** Connected, joined, and nothing left to send. */
  get settled(): boolean {
    return this.connected && this.joined && this.outbox.length === 0 && !this.sending;
  }

  /** Connects and joins from the start (a new device); resolves once joined. */
  async start(): Promise<void> {
    this.open();
    for (let waited = 0; !this.joined; waited += 20) {
      if (waited > 20_000) throw new Error('the client did not join within 20 s');
      await sleep(20);
    }
  }

  private open(): void {
    if (this.closed) return;
    const recovering = this.options.recovering;
    const url = this.options.url();
    this.socketUrl = url;
    const socket: Client = io(url, {
      auth: { token: this.options.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: recovering,
      reconnectionDelay: this.options.offlineMs,
      reconnectionDelayMax: this.options.offlineMs,
      randomizationFactor: 0,
    });
    this.socket = socket;
    socket.on('muse:new', (muse) => {
      if (muse.conversationId !== this.options.conversationId) return;
      this.copies.set(muse.id, (this.copies.get(muse.id) ?? 0) + 1);
      const held = this.thread.lastSeq;
      this.thread.add(muse);
      this.gaps.saw(muse.seq, held);
    });
    // A finished translation or an edit: the web merges it into the thread like any copy.
    socket.on('muse:updated', (muse) => {
      if (muse.conversationId === this.options.conversationId) this.thread.add(muse);
    });
    socket.io.on('reconnect_attempt', () => (this.reconnectingSince ??= performance.now()));
    socket.on('connect', () => {
      if (socket.recovered) this.recovered++;
      void this.rejoin(socket, url);
    });
    socket.on('disconnect', (reason) => {
      this.joined = false;
      // A reconnection cut again before its rejoin answered is not a replay: the next one starts the clock.
      this.reconnectingSince = undefined;
      if (this.closed || reason === 'io client disconnect') return;
      if (!recovering) this.reopenLater(socket);
    });
    socket.on('connect_error', () => {
      if (!recovering) this.reopenLater(socket);
    });
  }

  /** A new socket after the offline pause, to whatever server `url()` names then. */
  private reopenLater(old: Client): void {
    if (this.socket !== old || this.opening) return;
    old.removeAllListeners();
    old.io.removeAllListeners();
    old.close();
    this.opening = setTimeout(() => {
      this.opening = undefined;
      this.reconnectingSince ??= performance.now();
      this.open();
    }, this.options.offlineMs);
  }

  /** Joins after a (re)connection with the newest seq held, then fetches the newest page. */
  private async rejoin(socket: Client, url: string, from = () => this.thread.lastSeq): Promise<void> {
    const stillConnected = () => socket.connected;
    for (let attempt = 0; socket.connected && this.socket === socket; attempt++) {
      try {
        const raw: unknown = await socket
          .timeout(this.options.joinTimeoutMs ?? 10_000)
          .emitWithAck('conversation:join', {
            conversationId: this.options.conversationId,
            lastSeq: from(),
          });
        const ack = joinAckSchema.parse(raw);
        if (ack.ok) break;
        this.joinFailures++;
      } catch {
        // No answer in time; a connection that dropped meanwhile is not a refusal.
        if (stillConnected()) this.joinFailures++;
      }
      // Asked twice more, then left for the next reconnection, as the web does (it asks once more).
      if (attempt >= 2) return;
    }
    if (this.socket !== socket || !socket.connected) return;
    if (this.reconnectingSince !== undefined) this.replays.push(performance.now() - this.reconnectingSince);
    this.reconnectingSince = undefined;
    this.joined = true;
    void this.pump();
    await this.fetchNewestPage(url);
  }

  /** What use-thread.ts does after every rejoin: the newest page again, merged in. */
  private async fetchNewestPage(url: string): Promise<void> {
    try {
      const res = await fetch(
        `${url}/api/conversations/${this.options.conversationId}/muses?before=2147483647&limit=${MUSES_PAGE_SIZE}`,
        { headers: { authorization: `Bearer ${this.options.token}` }, signal: AbortSignal.timeout(10_000) },
      );
      if (!res.ok) return;
      for (const muse of ((await res.json()) as MusesPage).muses) if (this.thread.add(muse)) this.fromPage++;
    } catch {
      // The server went away meanwhile: the next rejoin fetches it again.
    }
  }

  /** Writes a muse: it goes now, or once connected, in the order written. Returns its client id. */
  send(): string {
    const clientId = randomUUID();
    this.outbox.push(clientId);
    void this.pump();
    return clientId;
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.outbox.length && this.connected && !this.closed) {
        const clientId = this.outbox[0]!;
        const stored = await this.sendOnce(clientId);
        if (stored) this.outbox.shift();
        // Refused or unanswered: it goes again a moment later (a writer tapping retry, or the reconnect).
        else await sleep(250);
      }
    } finally {
      this.sending = false;
    }
  }

  private async sendOnce(clientId: string): Promise<boolean> {
    const socket = this.socket!;
    const attempt: SendAttempt = {
      clientId,
      at: performance.now(),
      outcome: 'no answer',
      url: this.options.url(),
      dropped: false,
    };
    this.attempts.push(attempt);
    const dropped = () => (attempt.dropped = true);
    socket.once('disconnect', dropped);
    try {
      const raw: unknown = await socket.timeout(this.options.sendTimeoutMs ?? 8_000).emitWithAck('muse:send', {
        conversationId: this.options.conversationId,
        clientId,
        text: `Muse ${clientId.slice(0, 8)} is on its way.`,
        from: 'en',
      });
      attempt.answeredAt = performance.now();
      const ack = sendMuseAckSchema.parse(raw);
      if (!ack.ok) {
        attempt.outcome = 'refused';
        attempt.error = { code: ack.error.code, message: ack.error.message };
        return false;
      }
      attempt.outcome = 'stored';
      this.acknowledged.set(clientId, ack.muse);
      return true;
    } catch {
      return false;
    } finally {
      socket.off('disconnect', dropped);
    }
  }

  /** Cuts the connection under the socket, as a network would: the server sees a drop, not a goodbye. */
  cut(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    const transport = socket.io.engine.transport as unknown as { ws?: { _socket?: TcpSocket } };
    const tcp = transport.ws?._socket;
    if (tcp) tcp.destroy();
    else socket.io.engine.close();
  }

  /**
   * Rejoins on the live connection with the newest seq held, as coming back to the thread does:
   * the last catch-up before counting.
   */
  async catchUp(): Promise<void> {
    const socket = this.socket;
    if (!socket?.connected) throw new Error('catchUp needs a connected client');
    this.joined = false;
    await this.rejoin(socket, this.socketUrl);
  }

  close(): void {
    this.closed = true;
    this.gaps.stop();
    clearTimeout(this.opening);
    this.socket?.removeAllListeners();
    this.socket?.close();
  }
}

/** The p-th percentile (0-100) of some figures, nearest rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * What each reader of a conversation would see wrong: acknowledged muses missing from their
 * thread, muses stored twice for one client id, and the conflicts of the merge rule.
 */
export function auditThreads(readers: readonly LiveClient[], acknowledged: ReadonlyMap<string, Muse>) {
  const problems: string[] = [];
  let missing = 0;
  let duplicates = 0;
  /** Muses shown that no acknowledgement named: stored although the sender was told otherwise. */
  let unacknowledged = 0;
  const acknowledgedIds = new Set([...acknowledged.values()].map((muse) => muse.id));
  for (const [index, reader] of readers.entries()) {
    const byClientId = new Map<string, number>();
    for (const muse of reader.thread.byId.values())
      byClientId.set(muse.clientId, (byClientId.get(muse.clientId) ?? 0) + 1);
    for (const [clientId, muse] of acknowledged) {
      const held = reader.thread.byId.get(muse.id);
      if (!held) {
        missing++;
        if (problems.length < 20) problems.push(`reader ${index} lacks seq ${muse.seq} (${clientId})`);
      }
    }
    for (const [clientId, count] of byClientId) {
      if (count > 1) {
        duplicates += count - 1;
        if (problems.length < 20) problems.push(`reader ${index} holds client id ${clientId} ${count} times`);
      }
    }
    for (const muse of reader.thread.byId.values()) {
      if (acknowledgedIds.has(muse.id)) continue;
      unacknowledged++;
      if (problems.length < 20) problems.push(`reader ${index} shows seq ${muse.seq}, which no answer named`);
    }
    duplicates += reader.thread.conflicts.length;
    problems.push(...reader.thread.conflicts.slice(0, 5).map((c) => `reader ${index}: ${c}`));
  }
  return { missing, duplicates, unacknowledged, problems };
}
