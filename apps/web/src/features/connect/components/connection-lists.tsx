import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Ban, Check, Inbox, MessageCircle, Send, UserMinus, Users, X } from 'lucide-react';
import type { Connection, ConnectPersonRef, Connections } from '@tolk/shared/schemas/connect';
import { blockedQuery } from '../api/list-blocked';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListEmpty } from '../../../ui/list-empty';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { formatAgo, formatDay } from '../../../lib/format';
import { personName } from '../format';
import type { useConnectionActions } from '../use-connection-actions';
import type { BackState } from './person-card';
import { ReaderTextView } from '../../../ui/reader-text';

type Actions = ReturnType<typeof useConnectionActions>;

/** One person in a list: their photo and name (to their page), a line about when, then actions. */
function ConnectionRow({ connection, when, children }: { connection: Connection; when: string; children: ReactNode }) {
  const location = useLocation();
  const name = personName(connection.person);
  const back: BackState = { back: location.pathname + location.search };
  return (
    <li className="card connection-row">
      <Avatar name={name} url={connection.person.avatarUrl} size="small" />
      <div className="connection-row-body">
        <p className="connection-row-name">
          <Link to={paths.connectPerson(connection.person.id)} state={back}>
            {name}
          </Link>
        </p>
        <p className="muted small">{when}</p>
      </div>
      <div className="connection-row-more">{children}</div>
    </li>
  );
}

/** Requests made to me (with their note, in my language) to answer, and mine to withdraw. */
export function RequestsTab({ connections, actions }: { connections: Connections; actions: Actions }) {
  const { t, i18n } = useTranslation();
  const ids = { incoming: useId(), outgoing: useId() };
  const { accept, end } = actions;
  const busy = (connection: Connection) =>
    (accept.isPending && accept.variables.id === connection.id) ||
    (end.isPending && end.variables.id === connection.id);

  return (
    <>
      <section className="connection-section" aria-labelledby={ids.incoming}>
        <h2 id={ids.incoming}>{t('connect.requests.incoming')}</h2>
        {connections.incoming.length === 0 ? (
          <ListEmpty
            className="connect-empty small-empty"
            icon={<Inbox aria-hidden size={32} />}
            text={t('connect.requests.noIncoming')}
          />
        ) : (
          <ul className="card-list">
            {connections.incoming.map((connection) => {
              const about = { id: connection.id, name: personName(connection.person) };
              return (
                <ConnectionRow
                  key={connection.id}
                  connection={connection}
                  when={t('connect.requests.asked', { ago: formatAgo(connection.createdAt, i18n.language) })}
                >
                  {connection.note && <ReaderTextView text={connection.note} toggle className="request-note" />}
                  <div className="row-actions">
                    <button
                      type="button"
                      className="button primary"
                      disabled={busy(connection)}
                      onClick={() => {
                        accept.mutate(about);
                      }}
                    >
                      <Check aria-hidden size={18} /> {t('connect.actions.accept')}
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={busy(connection)}
                      onClick={() => {
                        end.mutate({ ...about, how: 'decline' });
                      }}
                    >
                      <X aria-hidden size={18} /> {t('connect.actions.decline')}
                    </button>
                  </div>
                </ConnectionRow>
              );
            })}
          </ul>
        )}
      </section>
      <section className="connection-section" aria-labelledby={ids.outgoing}>
        <h2 id={ids.outgoing}>{t('connect.requests.outgoing')}</h2>
        {connections.outgoing.length === 0 ? (
          <ListEmpty
            className="connect-empty small-empty"
            icon={<Send aria-hidden size={32} className="flip-rtl" />}
            text={t('connect.requests.noOutgoing')}
          />
        ) : (
          <ul className="card-list">
            {connections.outgoing.map((connection) => (
              <ConnectionRow
                key={connection.id}
                connection={connection}
                when={t('connect.requests.sent', { ago: formatAgo(connection.createdAt, i18n.language) })}
              >
                {connection.note && <ReaderTextView text={connection.note} className="request-note" />}
                <div className="row-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={busy(connection)}
                    onClick={() => {
                      end.mutate({ id: connection.id, name: personName(connection.person), how: 'withdraw' });
                    }}
                  >
                    {t('connect.actions.withdraw')}
                  </button>
                </div>
              </ConnectionRow>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The people I am connected with: a message away, or removed after a question; then whom I blocked. */
export function ConnectionsTab({ connections, actions }: { connections: Connections; actions: Actions }) {
  const { t, i18n } = useTranslation();
  const [removing, setRemoving] = useState<Connection | null>(null);
  const { message, end } = actions;
  const removingName = removing ? personName(removing.person) : '';

  return (
    <>
      {connections.connected.length === 0 ? (
        <ListEmpty
          className="connect-empty small-empty"
          icon={<Users aria-hidden size={32} />}
          text={t('connect.connections.none')}
        />
      ) : (
        <ul className="card-list">
          {connections.connected.map((connection) => (
            <ConnectionRow
              key={connection.id}
              connection={connection}
              when={t('connect.connections.since', {
                date: formatDay(connection.respondedAt ?? connection.createdAt, i18n.language),
              })}
            >
              <div className="row-actions">
                <button
                  type="button"
                  className="button primary"
                  disabled={message.isPending && message.variables === connection.person.username}
                  onClick={() => {
                    message.mutate(connection.person.username);
                  }}
                >
                  <MessageCircle aria-hidden size={18} /> {t('connect.actions.message')}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setRemoving(connection);
                  }}
                >
                  <UserMinus aria-hidden size={18} /> {t('connect.actions.remove')}
                </button>
              </div>
            </ConnectionRow>
          ))}
        </ul>
      )}
      <BlockedPeople actions={actions} />
      <ConfirmDialog
        open={removing !== null}
        title={t('connect.remove.title', { name: removingName })}
        message={t('connect.remove.body', { name: removingName })}
        confirmLabel={t('connect.actions.remove')}
        busy={end.isPending}
        onCancel={() => {
          setRemoving(null);
        }}
        onConfirm={() => {
          if (!removing) return;
          end.mutate(
            { id: removing.id, name: removingName, how: 'remove' },
            {
              onSettled: () => {
                setRemoving(null);
              },
            },
          );
        }}
      />
    </>
  );
}

/** Whom I blocked, each to unblock after a question; nothing at all while nobody is. */
function BlockedPeople({ actions }: { actions: Actions }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery(blockedQuery());
  const [unblocking, setUnblocking] = useState<ConnectPersonRef | null>(null);
  const { unblock } = actions;
  const name = unblocking ? personName(unblocking) : '';

  if (query.isPending || (query.isSuccess && query.data.blocked.length === 0)) return null;
  return (
    <section className="connection-section blocked-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Ban aria-hidden size={18} /> {t('connect.blocked.title')}
      </h2>
      {query.isError ? (
        <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />
      ) : (
        <>
          <p className="muted small">{t('connect.blocked.lead')}</p>
          <ul className="card-list">
            {query.data.blocked.map((person) => (
              <li key={person.id} className="card connection-row blocked-row">
                <Avatar name={personName(person)} url={person.avatarUrl} size="small" />
                <p className="connection-row-name">{personName(person)}</p>
                <button
                  type="button"
                  className="button"
                  disabled={unblock.isPending && unblock.variables.id === person.id}
                  onClick={() => {
                    setUnblocking(person);
                  }}
                >
                  {t('connect.actions.unblock')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={unblocking !== null}
        title={t('connect.unblock.title', { name })}
        message={t('connect.unblock.body', { name })}
        confirmLabel={t('connect.actions.unblock')}
        busy={unblock.isPending}
        onCancel={() => {
          setUnblocking(null);
        }}
        onConfirm={() => {
          if (!unblocking) return;
          unblock.mutate(
            { id: unblocking.id, name },
            {
              onSettled: () => {
                setUnblocking(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
