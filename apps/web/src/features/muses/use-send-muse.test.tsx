import { act, renderHook, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Muse, SendMuseInput } from '@tolk/shared/schemas/conversations';
import { HttpError } from '../../lib/http';
import type { RealtimeSocket } from '../../lib/realtime';
import en from '../../locales/en.json';
import { sendMuse } from './api/send-muse';
import { CONVERSATION_ID, aMuse } from './test-factories';
import { EMPTY_THREAD, mergeMuses, type ThreadState } from './thread-state';
import { BUSY_RETRIES, SOCKET_SEND_TIMEOUT_MS, useSendMuse } from './use-send-muse';

vi.mock('./api/send-muse', () => ({ sendMuse: vi.fn() }));
const send = vi.mocked(sendMuse);

/** A stand-in for the query cache the thread keeps its state in. */
function store(initial: ThreadState = EMPTY_THREAD) {
  let state = initial;
  return {
    update: (change: (current: ThreadState) => ThreadState) => {
      state = change(state);
    },
    read: () => state,
    get state() {
      return state;
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const storedFrom = (input: SendMuseInput, seq = 1): Muse => aMuse(seq, { clientId: input.clientId, text: input.text });

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  send.mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('useSendMuse: optimistic sending', () => {
  it('shows the muse as sending at once, then the stored muse in its place', async () => {
    const reply = deferred<Muse>();
    send.mockReturnValueOnce(reply.promise);
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read));

    act(() => {
      result.current.send({ text: 'Good morning, my friend' });
    });
    expect(thread.state.pending).toMatchObject([{ text: 'Good morning, my friend', status: 'sending' }]);
    expect(thread.state.muses).toHaveLength(0);

    const input = send.mock.calls[0]?.[1];
    expect(input?.clientId).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => {
      reply.resolve(storedFrom(input!));
      await reply.promise;
    });
    expect(thread.state.pending).toHaveLength(0);
    expect(thread.state.muses).toMatchObject([{ text: 'Good morning, my friend', clientId: input?.clientId }]);
  });

  it('marks a failed send, and a retry resends with the SAME client id so it cannot be stored twice', async () => {
    send.mockRejectedValueOnce(new HttpError(500, 'internal', 'boom'));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read));

    let clientId = '';
    act(() => {
      clientId = result.current.send({ text: 'Hola', from: 'es' });
    });
    await waitFor(() => {
      expect(thread.state.pending[0]?.status).toBe('failed');
    });
    expect(thread.state.pending[0]?.failure).toBe('rejected');

    send.mockImplementationOnce((_id, input) => Promise.resolve(storedFrom(input, 7)));
    await act(async () => {
      result.current.retry(clientId);
      await Promise.resolve();
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[1]).toEqual(send.mock.calls[0]?.[1]);
    expect(send.mock.calls[1]?.[1]).toMatchObject({ clientId, text: 'Hola', from: 'es' });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(thread.state.muses.map((muse) => muse.seq)).toEqual([7]);
  });

  it('does not send twice while the first attempt is still under way', () => {
    send.mockReturnValue(new Promise<Muse>(() => undefined));
    const thread = store();
    // A thread of its own: a send that never answers holds its thread's line.
    const { result } = renderHook(() => useSendMuse('never-answers', thread.update, thread.read));
    let clientId = '';
    act(() => {
      clientId = result.current.send({ text: 'Hei' });
      result.current.retry(clientId);
      result.current.retry(clientId);
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shows the muse exactly once when the socket echo beats the POST reply', async () => {
    const reply = deferred<Muse>();
    send.mockReturnValueOnce(reply.promise);
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read));
    act(() => {
      result.current.send({ text: 'Echo first' });
    });
    const stored = storedFrom(send.mock.calls[0]![1], 3);
    thread.update((state) => mergeMuses(state, [stored]));
    await act(async () => {
      reply.resolve(stored);
      await reply.promise;
    });
    expect(thread.state.muses).toHaveLength(1);
    expect(thread.state.pending).toHaveLength(0);
  });

  it('sends muses that failed for want of a network again when the browser is back online', async () => {
    send.mockRejectedValueOnce(new HttpError(0, 'network', 'Network Error'));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read));
    act(() => {
      result.current.send({ text: 'Written offline' });
    });
    await waitFor(() => {
      expect(thread.state.pending[0]).toMatchObject({ status: 'failed', failure: 'network' });
    });

    send.mockImplementationOnce((_id, input) => Promise.resolve(storedFrom(input, 4)));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(send.mock.calls[1]?.[1].clientId).toBe(send.mock.calls[0]?.[1].clientId);
    expect(thread.state.muses).toHaveLength(1);
  });

  it('leaves a muse the server refused alone when the network returns', async () => {
    send.mockRejectedValueOnce(new HttpError(400, 'validation_failed', 'Write something first.'));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read));
    act(() => {
      result.current.send({ text: ' ' });
    });
    await waitFor(() => {
      expect(thread.state.pending[0]?.status).toBe('failed');
    });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(thread.state.pending[0]?.error).toBe('Write something first.');
  });
});

/** A stand-in for the realtime socket: only what sending a muse touches. */
function fakeSocket(connected = true) {
  const emitWithAck = vi.fn<(event: string, request: SendMuseInput & { conversationId: string }) => Promise<unknown>>();
  const timeout = vi.fn(() => ({ emitWithAck }));
  const socket = { connected, timeout } as unknown as RealtimeSocket;
  return { socket, timeout, emitWithAck };
}

describe('useSendMuse: over the realtime socket', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
  });

  it('sends over a connected socket, not HTTP, and shows the stored muse', async () => {
    const { socket, timeout, emitWithAck } = fakeSocket();
    emitWithAck.mockImplementationOnce((_event, request) =>
      Promise.resolve({ ok: true, created: true, muse: storedFrom(request, 5) }),
    );
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    let clientId = '';
    act(() => {
      clientId = result.current.send({ text: 'Hallo', from: 'de' });
    });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(timeout).toHaveBeenCalledWith(SOCKET_SEND_TIMEOUT_MS);
    expect(emitWithAck).toHaveBeenCalledTimes(1);
    expect(emitWithAck).toHaveBeenCalledWith('muse:send', {
      conversationId: CONVERSATION_ID,
      clientId,
      text: 'Hallo',
      from: 'de',
    });
    expect(send).not.toHaveBeenCalled();
    expect(thread.state.muses).toMatchObject([{ seq: 5, clientId, text: 'Hallo' }]);
  });

  it('marks a muse the server refused over the socket as rejected, with its message, and does not try HTTP', async () => {
    const { socket, emitWithAck } = fakeSocket();
    emitWithAck.mockResolvedValueOnce({ ok: false, error: { code: 'not_found', message: 'Conversation not found.' } });
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    act(() => {
      result.current.send({ text: 'Anyone there?' });
    });
    await waitFor(() => {
      expect(thread.state.pending[0]?.status).toBe('failed');
    });
    expect(thread.state.pending[0]).toMatchObject({ failure: 'rejected', error: 'Conversation not found.' });
    expect(send).not.toHaveBeenCalled();
    expect(thread.state.muses).toHaveLength(0);
  });

  it('treats a rate limit over the socket as a refusal the writer can retry by hand', async () => {
    const { socket, emitWithAck } = fakeSocket();
    emitWithAck.mockResolvedValueOnce({
      ok: false,
      error: { code: 'rate_limited', message: 'Slow down.', retryAfterSeconds: 2723 },
    });
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    let clientId = '';
    act(() => {
      clientId = result.current.send({ text: 'Again and again' });
    });
    await waitFor(() => {
      expect(thread.state.pending[0]).toMatchObject({
        status: 'failed',
        failure: 'rejected',
        error: 'Too many attempts. Try again in 46 minutes.',
      });
    });
    expect(send).not.toHaveBeenCalled();

    emitWithAck.mockImplementationOnce((_event, request) =>
      Promise.resolve({ ok: true, created: true, muse: storedFrom(request, 9) }),
    );
    act(() => {
      result.current.retry(clientId);
    });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(emitWithAck.mock.calls[1]?.[1].clientId).toBe(clientId);
    expect(thread.state.muses.map((muse) => muse.seq)).toEqual([9]);
  });

  it('sends again by itself while the server is too busy to take it, with the same client id, then shows it stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { socket, emitWithAck } = fakeSocket();
      const busy = { ok: false, error: { code: 'unavailable', message: 'Tolk is very busy.', retryAfterSeconds: 1 } };
      emitWithAck.mockResolvedValueOnce(busy).mockResolvedValueOnce(busy);
      emitWithAck.mockImplementationOnce((_event, request) =>
        Promise.resolve({ ok: true, created: true, muse: storedFrom(request, 3) }),
      );
      const thread = store();
      const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));
      let clientId = '';
      act(() => {
        clientId = result.current.send({ text: 'Busy night' });
      });
      // Turned away twice: it stays "sending" (not "not sent") through the waits the server named.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(emitWithAck).toHaveBeenCalledTimes(1);
      expect(thread.state.pending[0]?.status).toBe('sending');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(emitWithAck).toHaveBeenCalledTimes(2);
      expect(thread.state.pending[0]?.status).toBe('sending');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(emitWithAck).toHaveBeenCalledTimes(3);
      expect(emitWithAck.mock.calls.map((call) => call[1].clientId)).toEqual([clientId, clientId, clientId]);
      expect(thread.state.pending).toHaveLength(0);
      expect(thread.state.muses.map((muse) => muse.seq)).toEqual([3]);
      expect(send).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a muse as not sent once the server has stayed too busy for every retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { socket, emitWithAck } = fakeSocket();
      emitWithAck.mockResolvedValue({
        ok: false,
        error: { code: 'unavailable', message: 'Tolk is very busy.', retryAfterSeconds: 1 },
      });
      const thread = store();
      const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));
      act(() => {
        result.current.send({ text: 'Busy night' });
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(BUSY_RETRIES * 2_000);
      });
      expect(emitWithAck).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
      expect(thread.state.pending[0]).toMatchObject({ status: 'failed', failure: 'rejected' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not trust a malformed acknowledgement', async () => {
    const { socket, emitWithAck } = fakeSocket();
    emitWithAck.mockResolvedValueOnce({ ok: true, created: true, muse: { id: 'not-a-muse' } });
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    act(() => {
      result.current.send({ text: 'Hej' });
    });
    await waitFor(() => {
      expect(thread.state.pending[0]?.status).toBe('failed');
    });
    expect(thread.state.pending[0]).toMatchObject({ failure: 'rejected', error: en.errors.unexpected });
    expect(thread.state.muses).toHaveLength(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends over HTTP with the same client id when the socket does not answer in time', async () => {
    const { socket, emitWithAck } = fakeSocket();
    emitWithAck.mockRejectedValueOnce(new Error('operation has timed out'));
    send.mockImplementationOnce((_id, input) => Promise.resolve(storedFrom(input, 6)));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    let clientId = '';
    act(() => {
      clientId = result.current.send({ text: 'Slow network' });
    });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(emitWithAck).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(CONVERSATION_ID, { clientId, text: 'Slow network' });
    expect(emitWithAck.mock.calls[0]?.[1].clientId).toBe(clientId);
    expect(thread.state.muses).toMatchObject([{ seq: 6, clientId }]);
  });

  it('marks a network failure when neither the socket nor HTTP gets through', async () => {
    const { socket, emitWithAck } = fakeSocket();
    emitWithAck.mockRejectedValueOnce(new Error('operation has timed out'));
    send.mockRejectedValueOnce(new HttpError(0, 'network', 'Network Error'));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    act(() => {
      result.current.send({ text: 'Nowhere to go' });
    });
    await waitFor(() => {
      expect(thread.state.pending[0]).toMatchObject({ status: 'failed', failure: 'network' });
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends over HTTP while the socket is disconnected', async () => {
    const { socket, timeout, emitWithAck } = fakeSocket(false);
    send.mockImplementationOnce((_id, input) => Promise.resolve(storedFrom(input, 2)));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    let clientId = '';
    act(() => {
      clientId = result.current.send({ text: 'Offline socket' });
    });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(timeout).not.toHaveBeenCalled();
    expect(emitWithAck).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith(CONVERSATION_ID, { clientId, text: 'Offline socket' });
    expect(thread.state.muses).toMatchObject([{ seq: 2, clientId }]);
  });
});

describe('useSendMuse: order', () => {
  /**
   * A server that numbers muses in the order their sends reach it, over either path, and
   * ignores a client id it has seen (as the real one does).
   */
  function numberingServer() {
    const stored = new Map<string, Muse>();
    const receive = (input: SendMuseInput) => {
      const known = stored.get(input.clientId);
      if (known) return known;
      const muse = storedFrom(input, stored.size + 1);
      stored.set(input.clientId, muse);
      return muse;
    };
    return { receive, order: () => [...stored.values()].map((muse) => muse.text) };
  }

  it('keeps three muses typed quickly while the socket reconnects in the order they were typed', async () => {
    const server = numberingServer();
    const { socket, emitWithAck } = fakeSocket(true);
    // The first goes out on the socket just as it drops: no answer until the timeout, then HTTP.
    const dropped = deferred<unknown>();
    emitWithAck.mockImplementationOnce(() => {
      (socket as { connected: boolean }).connected = false;
      return dropped.promise;
    });
    send.mockImplementation((_id, input) => Promise.resolve(server.receive(input)));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    act(() => {
      result.current.send({ text: 'one' });
      result.current.send({ text: 'two' });
      result.current.send({ text: 'three' });
    });
    // The later two wait for the first, reconnecting socket or not.
    await Promise.resolve();
    expect(send).not.toHaveBeenCalled();
    await act(async () => {
      dropped.reject(new Error('operation has timed out'));
      await dropped.promise.catch(() => undefined);
    });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(server.order()).toEqual(['one', 'two', 'three']);
    expect(thread.state.muses.map((muse) => [muse.seq, muse.text])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('sends queued muses in order when the connection returns, and the socket again once it is back', async () => {
    const server = numberingServer();
    const { socket, emitWithAck } = fakeSocket(false);
    send.mockRejectedValue(new HttpError(0, 'network', 'Network Error'));
    const thread = store();
    const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read, socket));

    act(() => {
      result.current.send({ text: 'first' });
      result.current.send({ text: 'second' });
    });
    await waitFor(() => {
      expect(thread.state.pending.map((item) => item.failure)).toEqual(['network', 'network']);
    });

    // Back online: HTTP answers, and the socket reconnects halfway through.
    send.mockReset();
    send.mockImplementation((_id, input) => {
      (socket as { connected: boolean }).connected = true;
      return Promise.resolve(server.receive(input));
    });
    emitWithAck.mockImplementation((_event, request) =>
      Promise.resolve({ ok: true, created: true, muse: server.receive(request) }),
    );
    act(() => {
      result.current.retryNetworkFailures();
      result.current.send({ text: 'third' });
    });
    await waitFor(() => {
      expect(thread.state.pending).toHaveLength(0);
    });
    expect(server.order()).toEqual(['first', 'second', 'third']);
    expect(emitWithAck).toHaveBeenCalled();
  });
});

describe('useSendMuse: on a page that is not a secure context', () => {
  it('still sends: the client id does not need crypto.randomUUID', async () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(undefined as never);
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      send.mockImplementationOnce((_id, input) => Promise.resolve(storedFrom(input, 1)));
      const thread = store();
      const { result } = renderHook(() => useSendMuse(CONVERSATION_ID, thread.update, thread.read));
      act(() => {
        result.current.send({ text: 'From a phone on the LAN' });
      });
      await waitFor(() => {
        expect(thread.state.muses).toHaveLength(1);
      });
      expect(send.mock.calls[0]?.[1].clientId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
