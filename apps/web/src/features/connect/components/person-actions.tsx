import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Clock, MessageCircle, UserPlus, X } from 'lucide-react';
import type { Connection, PersonDetail } from '@tolk/shared/schemas/connect';
import { personName } from '../format';
import type { useConnectionActions } from '../use-connection-actions';
import { ConnectDialog } from './connect-dialog';

interface PersonActionsProps {
  person: PersonDetail;
  /** The request or connection between us, from my connections (undefined while they load). */
  connection: Connection | undefined;
  actions: ReturnType<typeof useConnectionActions>;
}

/**
 * What I can do with someone, by where we stand: ask to connect, withdraw my request, answer
 * theirs; and message them when their setting lets me (else the button says why not).
 */
export function PersonActions({ person, connection, actions }: PersonActionsProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const name = personName(person);
  const { request, accept, end, message } = actions;
  const about = connection ? { id: connection.id, name } : undefined;
  const ending = end.isPending && end.variables.id === connection?.id;

  return (
    <div className="person-actions">
      {person.connection === 'none' && (
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setAsking(true);
          }}
        >
          <UserPlus aria-hidden size={18} /> {t('connect.actions.connect')}
        </button>
      )}
      {person.connection === 'outgoing' && (
        <>
          <span className="state-pill">
            <Clock aria-hidden size={16} /> {t('connect.state.outgoing')}
          </span>
          <button
            type="button"
            className="button"
            disabled={!about || ending}
            onClick={() => {
              if (about) end.mutate({ ...about, how: 'withdraw' });
            }}
          >
            {t('connect.actions.withdraw')}
          </button>
        </>
      )}
      {person.connection === 'incoming' && (
        <>
          <button
            type="button"
            className="button primary"
            disabled={!about || accept.isPending}
            onClick={() => {
              if (about) accept.mutate(about);
            }}
          >
            <Check aria-hidden size={18} /> {t('connect.actions.accept')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!about || ending}
            onClick={() => {
              if (about) end.mutate({ ...about, how: 'decline' });
            }}
          >
            <X aria-hidden size={18} /> {t('connect.actions.decline')}
          </button>
        </>
      )}
      {person.canMessage ? (
        <button
          type="button"
          className={person.connection === 'connected' ? 'button primary' : 'button'}
          disabled={message.isPending}
          onClick={() => {
            message.mutate(person.username);
          }}
        >
          <MessageCircle aria-hidden size={18} /> {t('connect.actions.message')}
        </button>
      ) : (
        <div className="disabled-action">
          <button type="button" className="button" disabled aria-describedby={reasonId}>
            <MessageCircle aria-hidden size={18} /> {t('connect.actions.message')}
          </button>
          <p id={reasonId} className="field-hint">
            {t('errors.connectionsOnly')}
          </p>
        </div>
      )}
      <ConnectDialog
        open={asking}
        name={name}
        busy={request.isPending}
        onClose={() => {
          setAsking(false);
        }}
        onSend={async (note) => {
          await request.mutateAsync({ id: person.id, name, note });
          setAsking(false);
        }}
      />
    </div>
  );
}
