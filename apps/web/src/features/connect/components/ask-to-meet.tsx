import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Check, Hand } from 'lucide-react';
import { toastError } from '../../../ui/toast-error';
import { useAskToMeet } from '../api/ask-to-meet';
import { useWithdrawMeetRequest } from '../api/withdraw-meet-request';

interface AskToMeetButtonProps {
  tripId: string;
  person: { id: string; name: string };
  /** I already asked them on this trip. */
  asked: boolean;
}

/**
 * "Ask to meet" for someone my trip meets; once asked, "Asked" with a way to take it back. They
 * are told once, however often it is pressed.
 */
export function AskToMeetButton({ tripId, person, asked }: AskToMeetButtonProps) {
  const { t } = useTranslation();
  const failed = (error: unknown) => {
    toastError(error, t);
  };
  const ask = useAskToMeet({
    onSuccess: (_, { name }) => toast.success(t('connect.meet.ask.done', { name })),
    onError: failed,
  });
  const withdraw = useWithdrawMeetRequest({
    onSuccess: (_, { name }) => toast.success(t('connect.meet.ask.withdrawn', { name })),
    onError: failed,
  });
  const variables = { tripId, accountId: person.id, name: person.name };
  const busy = ask.isPending || withdraw.isPending;

  if (!asked) {
    return (
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => {
          ask.mutate(variables);
        }}
      >
        <Hand aria-hidden size={18} /> {t('connect.meet.ask.button')}
      </button>
    );
  }
  return (
    <>
      <span className="state-badge connection-badge connected">
        <Check aria-hidden size={14} /> {t('connect.meet.ask.asked')}
      </span>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-label={t('connect.meet.ask.withdrawLabel', { name: person.name })}
        onClick={() => {
          withdraw.mutate(variables);
        }}
      >
        {t('connect.meet.ask.withdraw')}
      </button>
    </>
  );
}

/** On someone coming my way: they asked me to meet during this trip. */
export function AskedMeBadge() {
  const { t } = useTranslation();
  return (
    <span className="state-badge connection-badge incoming">
      <Hand aria-hidden size={14} /> {t('connect.meet.ask.askedMe')}
    </span>
  );
}
