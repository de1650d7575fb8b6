import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken, setAccessToken } from './access-token-cookie';
import { setUnauthorizedHandler } from './http-error';

type Handler = (...args: unknown[]) => void;

/** Just enough of a Socket.IO client socket to watch what the app does with it. */
class FakeSocket {
  connected = false;
  active = false;
  handlers = new Map<string, Handler[]>();
  emitted: { event: string; payload: unknown }[] = [];
  auth: ((send: (data: object) => void) => void) | undefined;
  ackWith: unknown = { ok: true, lastSeq: 0, online: ['lucia'] };
  connect = vi.fn(() => {
    this.active = true;
    return this;
  });
  disconnect = vi.fn(() => {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  });
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off() {
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: Error | null, result: unknown) => void) => {
        this.emitted.push({ event, payload });
        ack(null, this.ackWith);
      },
    };
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The server accepted the connection. */
  open() {
    let token: unknown;
    this.auth?.((data) => {
      token = (data as { token?: string }).token;
    });
    this.connected = true;
    this.fire('connect');
    return token;
  }
}

let fake: FakeSocket;
vi.mock('socket.io-client', () => ({
  io: (options: { auth: FakeSocket['auth'] }) => {
    fake.auth = options.auth;
    return fake;
  },
}));

const realtime = await import('./realtime');

const joins = () => fake.emitted.filter((item) => item.event === 'conversation:join').map((item) => item.payload);

beforeEach(() => {
  fake = new FakeSocket();
  setAccessToken('token-one');
});
afterEach(() => {
  realtime.resetRealtimeForTests();
  clearAccessToken();
});

describe('the shared socket', () => {
  it('connects when first needed, with the access token as auth', () => {
    const release = realtime.acquireRealtime();
    expect(fake.connect).toHaveBeenCalledTimes(1);
    expect(fake.open()).toBe('token-one');
    expect(realtime.getConnectionSnapshot().socket).toBe('connected');
    release();
  });

  it('joins an open conversation with the newest seq held, and again after every reconnect', () => {
    const release = realtime.acquireRealtime();
    let held = 12;
    const onJoined = vi.fn();
    const leave = realtime.joinConversation('c-1', { lastSeq: () => held, onJoined });
    expect(joins()).toEqual([]);

    fake.open();
    expect(joins()).toEqual([{ conversationId: 'c-1', lastSeq: 12 }]);
    expect(onJoined).toHaveBeenCalledWith({ conversationId: 'c-1', lastSeq: 0, online: ['lucia'] });

    // The connection drops; muses 13 and 14 arrived before it did; it comes back.
    fake.connected = false;
    fake.fire('disconnect', 'transport close');
    expect(realtime.getConnectionSnapshot().socket).toBe('disconnected');
    held = 14;
    fake.open();
    expect(joins()).toEqual([
      { conversationId: 'c-1', lastSeq: 12 },
      { conversationId: 'c-1', lastSeq: 14 },
    ]);

    leave();
    expect(fake.emitted.at(-1)).toEqual({ event: 'conversation:leave', payload: { conversationId: 'c-1' } });
    release();
  });

  it('drops the connection when the browser goes offline and reconnects when it is back', () => {
    const release = realtime.acquireRealtime();
    realtime.joinConversation('c-1', { lastSeq: () => 3 });
    fake.open();

    window.dispatchEvent(new Event('offline'));
    expect(fake.disconnect).toHaveBeenCalled();
    expect(realtime.getConnectionSnapshot()).toEqual({ browserOnline: false, socket: 'disconnected' });

    window.dispatchEvent(new Event('online'));
    expect(fake.connect).toHaveBeenCalledTimes(2);
    fake.open();
    expect(joins()).toHaveLength(2);
    release();
  });

  it('disconnects at once when released after signing out', () => {
    const release = realtime.acquireRealtime();
    fake.open();
    clearAccessToken();
    release();
    expect(fake.disconnect).toHaveBeenCalled();
    expect(realtime.getConnectionSnapshot().socket).toBe('idle');
  });

  it('keeps the connection a while after the last screen lets go, for the next screen', () => {
    vi.useFakeTimers();
    try {
      const release = realtime.acquireRealtime();
      fake.open();
      release();
      expect(fake.disconnect).not.toHaveBeenCalled();
      const again = realtime.acquireRealtime();
      vi.advanceTimersByTime(60_000);
      expect(fake.disconnect).not.toHaveBeenCalled();
      again();
      vi.advanceTimersByTime(60_000);
      expect(fake.disconnect).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the session here when the server refuses our token, not when the network fails', () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    const release = realtime.acquireRealtime();
    fake.auth?.(() => undefined); // the handshake reads the token
    fake.fire('connect_error', new Error('xhr poll error'));
    expect(ended).not.toHaveBeenCalled();
    fake.fire('connect_error', new Error('unauthorized'));
    expect(ended).toHaveBeenCalledTimes(1);
    // A token that changed since the refused handshake (a new sign-in) is not ended.
    setAccessToken('token-two');
    fake.fire('connect_error', new Error('unauthorized'));
    expect(ended).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(undefined);
    release();
  });

  it('reconnects with the new token when the token changes', () => {
    const release = realtime.acquireRealtime();
    expect(fake.open()).toBe('token-one');
    setAccessToken('token-two');
    realtime.refreshRealtimeAuth();
    expect(fake.disconnect).toHaveBeenCalledTimes(1);
    expect(fake.connect).toHaveBeenCalledTimes(2);
    expect(fake.open()).toBe('token-two');
    release();
  });
});

describe('following a conversation', () => {
  const C1 = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
  const C2 = '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e40';
  const muse = (conversationId: string, seq: number) => ({
    id: `00000000-0000-4000-8000-00000000000${seq}`,
    conversationId,
    seq,
    clientId: `c${seq}`,
    sender: { username: 'lucia', displayName: 'Lucía', avatarUrl: null, memberId: 'm-lucia' },
    side: null,
    from: 'es',
    detectedFrom: 'es',
    text: 'hola',
    transliteration: null,
    photo: null,
    voice: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    editedAt: null,
    deleted: false,
    translation: null,
  });

  it('hears only its own conversation, parsed, and keeps who is online', async () => {
    const { followConversation } = await import('./live-conversation');
    const onMuse = vi.fn();
    const onOnline = vi.fn();
    const onEnded = vi.fn();
    const unfollow = followConversation(realtime.realtimeConnection(), C1, {
      lastSeq: () => 4,
      onMuse,
      onOnline,
      onEnded,
    });
    fake.open();
    expect(joins()).toEqual([{ conversationId: C1, lastSeq: 4 }]);
    expect(onOnline).toHaveBeenLastCalledWith(new Set(['lucia']));

    fake.fire('muse:new', muse(C2, 5));
    fake.fire('muse:new', { conversationId: C1, seq: 'not a muse' });
    expect(onMuse).not.toHaveBeenCalled();
    const mine = muse(C1, 5);
    fake.fire('muse:updated', mine);
    expect(onMuse).toHaveBeenCalledWith(expect.objectContaining({ id: mine.id, seq: 5 }), 'updated');

    fake.fire('presence', { conversationId: C1, username: 'ana', online: true });
    expect(onOnline).toHaveBeenLastCalledWith(new Set(['lucia', 'ana']));
    fake.fire('presence', { conversationId: C1, username: 'lucia', online: false });
    expect(onOnline).toHaveBeenLastCalledWith(new Set(['ana']));

    fake.fire('conversation:ended', { conversationId: C2, reason: 'ended' });
    fake.fire('conversation:ended', { conversationId: C1, reason: 'expired' });
    expect(onEnded).toHaveBeenCalledExactlyOnceWith('expired');

    unfollow();
    expect(fake.emitted.at(-1)).toEqual({ event: 'conversation:leave', payload: { conversationId: C1 } });
  });

  it('asks the server again for muses a connected socket never received', async () => {
    vi.useFakeTimers();
    try {
      const { followConversation } = await import('./live-conversation');
      let held = 4;
      const unfollow = followConversation(realtime.realtimeConnection(), C1, {
        lastSeq: () => held,
        onMuse: (item) => {
          held = Math.max(held, item.seq);
        },
      });
      fake.open();
      fake.fire('muse:new', muse(C1, 5));
      // 6 and 7 went out through another server while the servers' channel was down.
      fake.fire('muse:new', muse(C1, 8));
      vi.advanceTimersByTime(1000);
      expect(joins()).toEqual([
        { conversationId: C1, lastSeq: 4 },
        { conversationId: C1, lastSeq: 5 },
      ]);
      unfollow();
    } finally {
      vi.useRealTimers();
    }
  });
});
