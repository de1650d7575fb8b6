/**
 * For tests of what listens to the member socket (lib/realtime.ts's useRealtime mocked to give
 * it): just enough of a socket, its listeners by event, and a way to deliver one.
 */
type Listener = (payload: unknown) => void;

export function fakeSocket() {
  return {
    connected: false,
    listeners: new Map<string, Set<Listener>>(),
    on(event: string, listener: Listener) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)?.add(listener);
    },
    off(event: string, listener: Listener) {
      this.listeners.get(event)?.delete(listener);
    },
    deliver(event: string, payload: unknown) {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
    },
    /** Back to no listeners, not connected. */
    reset() {
      this.listeners.clear();
      this.connected = false;
    },
  };
}
