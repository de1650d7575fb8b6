import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../../lib/paths';
import { toastError } from '../../ui/toast-error';
import { useAcceptConnection } from './api/accept-connection';
import { useBlockPerson } from './api/block-person';
import { useEndConnection, type ConnectionEnding } from './api/end-connection';
import { useOpenConversation } from './api/open-conversation';
import { useRequestConnection } from './api/request-connection';
import { useUnblockPerson } from './api/unblock-person';

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
 * Everything a member does with someone in connect, each saying how it went (the api hooks refresh
 * the lists, the person and the badge). Failures are toasts unless the caller handles them.
 */
export function useConnectionActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failed = (error: unknown) => {
    toastError(error, t);
  };

  const request = useRequestConnection<About & { note: string }>({
    onSuccess: (result, { name }) => {
      toast.success(
        result.state === 'accepted' ? t('connect.toast.connected', { name }) : t('connect.toast.requested', { name }),
      );
    },
  });

  const accept = useAcceptConnection<About>({
    onSuccess: (_result, { name }) => {
      toast.success(t('connect.toast.connected', { name }));
    },
    onError: failed,
  });

  const end = useEndConnection<About & { how: ConnectionEnding }>({
    onSuccess: (_result, { how, name }) => {
      toast.success(t(ENDED_KEYS[how], { name }));
    },
    onError: failed,
  });

  const message = useOpenConversation({
    onSuccess: async (conversation) => {
      await navigate(paths.thread(conversation.id));
    },
    onError: failed,
  });

  const block = useBlockPerson<About>({
    onSuccess: async (_result, { name }) => {
      toast.success(t('connect.toast.blocked', { name }));
      await navigate(paths.connect, { replace: true });
    },
    onError: failed,
  });

  const unblock = useUnblockPerson<About>({
    onSuccess: (_result, { name }) => {
      toast.success(t('connect.toast.unblocked', { name }));
    },
    onError: failed,
  });

  return { request, accept, end, message, block, unblock };
}
