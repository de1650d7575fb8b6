import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import type { PresenceEvent } from '@tolk/shared/realtime';
import { listAllPlazaMuses } from './api/list-plaza-muses';
import { connectPlaza, type PlazaConnection } from './plaza-socket';
import { fromDetail, fromEvent, lastSeqOf, upsertMuses, type PlazaMuse } from './plaza-muses';
import { getPlazaToken } from './plaza-tokens';

export interface PlazaLiveEvents {
  /** A translation became ready while the screen was open (not one loaded with the history). */
  onTranslationReady?: (muse: PlazaMuse, language: string) => void;
  onPresence?: (event: PresenceEvent) => void;
  onCleared?: () => void;
  /** The host ended the plaza (ended) or its time ran out (expired). */
  onEnded?: (reason: 'ended' | 'expired') => void;
  onJoinFailed?: (code: string) => void;
  /** The plaza's languages changed (the audience's was detected): the plaza itself is stale. */
  onLanguages?: () => void;
}

export interface PlazaLive {
  muses: PlazaMuse[];
  loading: boolean;
  loadError: unknown;
  connection: PlazaConnection;
  /** Names connected to the plaza right now, as the server reported on joining. */
  online: string[];
  /** Adds a muse this device just sent, without waiting for the socket's echo. */
  addSent: (muse: MuseDetail) => void;
  clearLocal: () => void;
}

const finalKeys = (muse: PlazaMuse) =>
  Object.values(muse.translations)
    .filter((translation) => translation.state === 'ready')
    .map((translation) => `${muse.id}:${translation.to}`);

/**
 * A plaza's conversation: the history first, then live over the plaza socket. Muses are merged
 * by id, so the POST reply, each language's socket event and replays after a reconnect never
 * show twice, and a finished translation never falls back to "translating".
 */
export function usePlazaLive(
  plazaId: string,
  enabled: boolean,
  /** The plaza's languages: when they change, the history reloads in them and the socket re-joins their rooms. */
  languages: string,
  events: PlazaLiveEvents,
): PlazaLive {
  const [muses, setMuses] = useState<PlazaMuse[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(undefined);
  const [connection, setConnection] = useState<PlazaConnection>('connecting');
  const [online, setOnline] = useState<string[]>([]);

  const translationReady = useEffectEvent((muse: PlazaMuse, language: string) =>
    events.onTranslationReady?.(muse, language),
  );
  const presence = useEffectEvent((event: PresenceEvent) => events.onPresence?.(event));
  const cleared = useEffectEvent(() => events.onCleared?.());
  const ended = useEffectEvent((reason: 'ended' | 'expired') => events.onEnded?.(reason));
  const joinFailed = useEffectEvent((code: string) => events.onJoinFailed?.(code));
  const languagesChanged = useEffectEvent(() => events.onLanguages?.());

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    // A function, not the variable: TypeScript would narrow it across the awaits below.
    const stillActive = () => active;
    let lastSeq = 0;
    // Translations already finished when we learnt of them: never announced or read aloud again.
    const announced = new Set<string>();
    let disconnect: (() => void) | undefined;
    let pendingAtLoad = false;

    const receive = (incoming: PlazaMuse) => {
      lastSeq = Math.max(lastSeq, incoming.seq);
      for (const key of finalKeys(incoming)) {
        if (announced.has(key)) continue;
        announced.add(key);
        const language = key.slice(incoming.id.length + 1);
        translationReady(incoming, language);
      }
      setMuses((current) => upsertMuses(current, [incoming]));
    };

    void (async () => {
      try {
        const history = (await listAllPlazaMuses(plazaId)).map(fromDetail);
        if (!stillActive()) return;
        for (const muse of history) for (const key of finalKeys(muse)) announced.add(key);
        pendingAtLoad = history.some((muse) =>
          Object.values(muse.translations).some((translation) => translation.state === 'pending'),
        );
        lastSeq = lastSeqOf(history);
        setMuses((current) => upsertMuses(current, history));
        setLoadError(undefined);
      } catch (error) {
        if (!stillActive()) return;
        setLoadError(error);
      } finally {
        if (stillActive()) setLoading(false);
      }
      if (!stillActive()) return;
      disconnect = connectPlaza(plazaId, getPlazaToken(plazaId), {
        lastSeq: () => lastSeq,
        onJoined: (names) => {
          setOnline(names);
          // A translation the history load started may have finished before this socket sat in
          // its language's room, and so was told to nobody here: ask once more for what is pending.
          if (pendingAtLoad) {
            pendingAtLoad = false;
            void listAllPlazaMuses(plazaId)
              .then((again) => {
                if (stillActive()) for (const muse of again) receive(fromDetail(muse));
              })
              .catch(() => undefined);
          }
        },
        onJoinFailed: joinFailed,
        onMuse: (muse) => {
          receive(fromEvent(muse));
        },
        onPresence: (event) => {
          setOnline((names) =>
            event.online ? [...new Set([...names, event.username])] : names.filter((name) => name !== event.username),
          );
          presence(event);
        },
        onEnded: (reason) => {
          if (reason === 'cleared') {
            setMuses([]);
            cleared();
          } else ended(reason);
        },
        onLanguages: languagesChanged,
        onConnection: setConnection,
      });
    })();

    return () => {
      active = false;
      disconnect?.();
    };
  }, [plazaId, enabled, languages]);

  const addSent = useCallback((muse: MuseDetail) => {
    setMuses((current) => upsertMuses(current, [fromDetail(muse)]));
  }, []);

  const clearLocal = useCallback(() => {
    setMuses([]);
  }, []);

  return { muses, loading: enabled && loading, loadError, connection, online, addSent, clearLocal };
}
