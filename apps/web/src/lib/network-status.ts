import { useEffect, useState, useSyncExternalStore } from 'react';

/*
 * Whether the browser has a network, as it tells us ('online' and 'offline' events): the one
 * owner of that fact. The realtime client (realtime.ts) drops and resumes its sockets by it; the
 * shell's offline notice shows it. It lives apart from realtime.ts so the shell reads it without
 * loading Socket.IO on the first page.
 */
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<(online: boolean) => void>();

function publish(next: boolean): void {
  if (next === online) return;
  online = next;
  for (const listener of [...listeners]) listener(next);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    publish(true);
  });
  window.addEventListener('offline', () => {
    publish(false);
  });
}

export const isBrowserOnline = (): boolean => online;

/** Calls `listener` with the new state each time the browser goes offline or comes back. */
export function onBrowserOnlineChange(listener: (online: boolean) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(onBrowserOnlineChange, isBrowserOnline, () => true);
}

const BACK_ONLINE_MS = 4000;

/**
 * True for a few seconds after `offline` turns false: long enough to read "Back online", short
 * enough not to linger. Never true on first render, so a page that opens online says nothing.
 */
export function useBackOnline(offline: boolean): boolean {
  const [wasOffline, setWasOffline] = useState(offline);
  const [backOnline, setBackOnline] = useState(false);
  if (offline !== wasOffline) {
    setWasOffline(offline);
    setBackOnline(!offline);
  }
  useEffect(() => {
    if (!backOnline) return undefined;
    const timer = setTimeout(() => {
      setBackOnline(false);
    }, BACK_ONLINE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [backOnline]);
  return backOnline;
}
