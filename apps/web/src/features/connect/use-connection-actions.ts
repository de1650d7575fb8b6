import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../../lib/paths';
import { errorMessage } from '../../ui/error-message';
import { acceptConnection } from './api/accept-connection';
import { blockPerson } from './api/block-person';
import { endConnection, type ConnectionEnding } from './api/end-connection';
import { connectQueryKey } from './api/keys';
import { openConversation } from './api/open-conversation';
import { personQueryKey } from './api/get-person';
import { requestConnection } from './api/request-connection';
import { unblockPerson } from './api/unblock-person';

/** Whom an action is about: their id or their connection's, and their name for what is said. */
interface About {
  id: string;
  name: string;
}

const ENDED_KEYS: Record<ConnectionEnding, string> = {
  decline: 'connect.toast.declined',
  withdraw: 'connect.toast.withdrawn',
  remove: 'connect.toast.removed',
};

/**
 * Everything a member does with someone in connect, each refreshing the lists, the person and
 * the badge when done, and saying how it went. Failures are toasts unless the caller handles them.
 */
export function useConnectionActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Everything connect shows, whom I blocked included (connect/api/list-blocked.ts keeps its list under the same
  // key, so a group thread folds or unfolds their muses after a block or an unblock).
  const refresh = () => queryClient.invalidateQueries({ queryKey: connectQueryKey });
  const failed = (error: unknown) => {
    toast.error(errorMessage(error, t));
  };

  const request = useMutation({
    mutationFn: ({ id, note }: About & { note: string }) => requestConnection(id, note),
    onSuccess: (result, { name }) => {
      toast.success(
        result.state === 'accepted' ? t('connect.toast.connected', { name }) : t('connect.toast.requested', { name }),
      );
    },
    onSettled: refresh,
  });

  const accept = useMutation({
    mutationFn: ({ id }: About) => acceptConnection(id),
    onSuccess: (_result, { name }) => {
      toast.success(t('connect.toast.connected', { name }));
    },
    onError: failed,
    onSettled: refresh,
  });

  const end = useMutation({
    mutationFn: ({ id, how }: About & { how: ConnectionEnding }) => endConnection(id, how),
    onSuccess: (_result, { how, name }) => {
      toast.success(t(ENDED_KEYS[how], { name }));
    },
    onError: failed,
    onSettled: refresh,
  });

  const message = useMutation({
    mutationFn: (username: string) => openConversation(username),
    onSuccess: async (conversation) => {
      await navigate(paths.thread(conversation.id));
    },
    onError: failed,
  });

  const block = useMutation({
    mutationFn: ({ id }: About) => blockPerson(id),
    onSuccess: async (_result, { id, name }) => {
      toast.success(t('connect.toast.blocked', { name }));
      await navigate(paths.connect, { replace: true });
      // Their page is gone for me now: forget it rather than ask for it again.
      queryClient.removeQueries({ queryKey: personQueryKey(id) });
      await refresh();
    },
    onError: failed,
  });

  const unblock = useMutation({
    mutationFn: ({ id }: About) => unblockPerson(id),
    onSuccess: (_result, { name }) => {
      toast.success(t('connect.toast.unblocked', { name }));
    },
    onError: failed,
    onSettled: refresh,
  });

  return { request, accept, end, message, block, unblock };
}
