import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onServerEvent, type RealtimeSocket } from '../../../lib/realtime';
import { personName } from '../../../lib/format';

// A "stopped typing" lost on the way must not leave someone typing forever.
const TYPING_EXPIRES_MS = 6000;

/**
 * Who is writing right now. It listens to the socket itself, so typing events re-render this line
 * and nothing else.
 */
export function TypingIndicator({
  socket,
  conversationId,
  me,
}: {
  socket: RealtimeSocket | undefined;
  conversationId: string;
  me: string;
}) {
  const { t } = useTranslation();
  const [typists, setTypists] = useState<ReadonlyMap<string, string>>(() => new Map());

  useEffect(() => {
    if (!socket) return undefined;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const stop = (username: string) => {
      clearTimeout(timers.get(username));
      timers.delete(username);
      setTypists((current) => {
        if (!current.has(username)) return current;
        const next = new Map(current);
        next.delete(username);
        return next;
      });
    };
    const offTyping = onServerEvent(socket, 'typing', (event) => {
      if (event.conversationId !== conversationId || event.username === me) return;
      if (!event.typing) {
        stop(event.username);
        return;
      }
      clearTimeout(timers.get(event.username));
      timers.set(
        event.username,
        setTimeout(() => {
          stop(event.username);
        }, TYPING_EXPIRES_MS),
      );
      const name = personName(event);
      setTypists((current) =>
        current.get(event.username) === name ? current : new Map(current).set(event.username, name),
      );
    });
    // Their muse arrived: they are done typing it.
    const offMuse = onServerEvent(socket, 'muse:new', (muse) => {
      if (muse.conversationId === conversationId) stop(muse.sender.username);
    });
    return () => {
      offTyping();
      offMuse();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [socket, conversationId, me]);

  const names = [...typists.values()];
  return (
    <p className="typing-indicator" aria-live="polite">
      {names.length > 0 ? t('muses.typing', { name: names.join(', ') }) : ''}
    </p>
  );
}
