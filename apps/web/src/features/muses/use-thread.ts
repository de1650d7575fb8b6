import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationSummary } from '@tolk/shared/schemas/conversations';
import { realtimeConnection, useRealtime, type ConnectionSnapshot } from '../../lib/realtime';
import { followConversation } from '../../lib/live-conversation';
import { conversationsQueryKey } from './api/list-conversations';
import { conversationQuery, conversationQueryKey } from './api/get-conversation';
import { listMuses, threadQueryKey, useOlderMuses } from './api/list-muses';
import { updateMembership, useChangeReadingLanguage } from './api/update-membership';
import { useDeleteMuse } from './api/delete-muse';
import { museQueryKey } from './api/get-muse';
import {
  applyLatestPage,
  lastSeqOf,
  hasPendingTranslation,
  markDeleted,
  mergeMuses,
  type ThreadState,
} from './thread-state';
import { useSendMuse } from './use-send-muse';

export function withMemberRead(conversation: Conversation, username: string, seq: number): Conversation {
  const member = conversation.members.find((item) => item.username === username);
  if (!member || member.lastReadSeq >= seq) return conversation;
  return {
    ...conversation,
    members: conversation.members.map((item) => (item === member ? { ...item, lastReadSeq: seq } : item)),
  };
}

/**
 * A thread, live: the newest page over HTTP, then the socket for everything after it (rejoined
 * with the newest seq after any reconnect), optimistic sending, paging back, read marks.
 */
export function useThread(conversationId: string, me: string) {
  const queryClient = useQueryClient();
  const key = threadQueryKey(conversationId);
  const { socket, connection } = useRealtime();
  // The next fetch replaces what is held instead of merging (after the reading language changed).
  const replaceNext = useRef(false);

  const conversation = useQuery(conversationQuery(conversationId));

  const thread = useQuery({
    queryKey: key,
    queryFn: async () => {
      const page = await listMuses(conversationId);
      const replace = replaceNext.current;
      replaceNext.current = false;
      // Merged into what is held right now, so muses that arrived during the fetch stay.
      return applyLatestPage(queryClient.getQueryData<ThreadState>(key), page, replace);
    },
    // The socket keeps it current; a refetch (focus, reconnect) merges the newest page in.
    staleTime: 0,
  });

  const update = useCallback(
    (change: (state: ThreadState) => ThreadState) => {
      queryClient.setQueryData<ThreadState>(threadQueryKey(conversationId), (state) => state && change(state));
    },
    [queryClient, conversationId],
  );
  const read = useCallback(
    () => queryClient.getQueryData<ThreadState>(threadQueryKey(conversationId)),
    [queryClient, conversationId],
  );

  const { send, retry, retryNetworkFailures } = useSendMuse(conversationId, update, read, socket);

  const [online, setOnline] = useState<ReadonlySet<string>>(() => new Set());

  const myMember = conversation.data?.members.find((member) => member.username === me);
  const readingLanguage = myMember?.readingLanguage;
  const hasThread = thread.data !== undefined;

  // Follow only once the newest page is held: joining with seq 0 would replay the whole history.
  // The server keeps one room per reading language, so a new language means joining again.
  useEffect(() => {
    if (!socket || !hasThread || readingLanguage === undefined) return undefined;
    let joins = 0;
    return followConversation(realtimeConnection(), conversationId, {
      lastSeq: () => lastSeqOf(read()),
      onJoined: () => {
        joins += 1;
        // A join replays only muses after our newest seq. Updates to muses already held (a
        // translation finishing, an edit, a deletion) sent while we were not in the room are
        // not replayed, so fetch the newest page again when any could have been missed.
        if (joins > 1 || hasPendingTranslation(read())) {
          void queryClient.invalidateQueries({ queryKey: threadQueryKey(conversationId) });
        }
      },
      onMuse: (muse, kind) => {
        update((state) => mergeMuses(state, [muse]));
        if (kind === 'new')
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, refetchType: 'none' });
        else void queryClient.invalidateQueries({ queryKey: museQueryKey(muse.id) });
      },
      onDeleted: (event) => {
        update((state) => markDeleted(state, event.id));
      },
      onRead: (event) => {
        queryClient.setQueryData<Conversation>(
          conversationQueryKey(conversationId),
          (current) => current && withMemberRead(current, event.username, event.seq),
        );
      },
      onOnline: setOnline,
    });
  }, [socket, hasThread, conversationId, readingLanguage, queryClient, update, read]);

  useEffect(() => {
    if (connection.socket === 'connected') retryNetworkFailures();
  }, [connection.socket, retryNetworkFailures]);

  const older = useOlderMuses(conversationId);

  const markedRead = useRef(0);
  const markRead = useCallback(
    (seq: number) => {
      const known = Math.max(markedRead.current, myMember?.lastReadSeq ?? 0);
      if (seq <= known) return;
      markedRead.current = seq;
      // Either way the server stores it and tells the others; the socket is simply cheaper.
      if (socket?.connected) socket.emit('read', { conversationId, seq });
      else {
        updateMembership(conversationId, { lastReadSeq: seq }).catch(() => {
          markedRead.current = known;
        });
      }
      queryClient.setQueryData<Conversation>(
        conversationQueryKey(conversationId),
        (current) => current && withMemberRead(current, me, seq),
      );
      queryClient.setQueryData<ConversationSummary[]>(conversationsQueryKey, (list) =>
        list?.map((item) => (item.id === conversationId ? { ...item, unread: 0 } : item)),
      );
    },
    [socket, conversationId, queryClient, me, myMember?.lastReadSeq],
  );

  const remove = useDeleteMuse();

  const readingLanguageMutation = useChangeReadingLanguage(conversationId, {
    onSuccess: () => {
      // Every muse held is in the old language: the newest page fetched next replaces them.
      replaceNext.current = true;
    },
  });

  return {
    conversation,
    thread,
    socket,
    connection,
    online: knownPresence(connection, online),
    send,
    retry,
    markRead,
    older,
    remove,
    readingLanguage: readingLanguageMutation,
  };
}

/**
 * Who is online, as far as this device can know: only a live connection hears presence, so while
 * it is down (the browser offline, the socket reconnecting) nobody's state is known, and the
 * last one heard must not be shown as if it still held.
 */
export function knownPresence(connection: ConnectionSnapshot, online: ReadonlySet<string>): ReadonlySet<string> | null {
  return connection.browserOnline && connection.socket === 'connected' ? online : null;
}
