import { useId } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Inbox, RotateCcw } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { ListEmpty } from '../../../ui/list-empty';
import { ListMore } from '../../../ui/list-more';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { toastError } from '../../../ui/toast-error';
import { deadDeliveriesQuery, useRetryDelivery } from '../api/dead-deliveries';
import { outgoingMailQuery } from '../api/list-outgoing-mail';
import '../accounts.css';

/**
 * /admin/mail (superadmins): every mail the server sent, newest first, in full, so that without
 * an SMTP server (the embedded mailbox) a recovery or verification link can still be handed on;
 * and the deliveries that failed for good, each of which can be tried again.
 */
export function Component() {
  const { superAdmin } = useLoginResponse();
  if (!superAdmin) return <Navigate to={paths.profile} replace />;
  return <OutgoingMail />;
}

function OutgoingMail() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const mail = useInfiniteQuery(outgoingMailQuery());
  const transport = mail.data?.pages[0]?.transport;
  const items = mail.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="outgoing-mail" aria-labelledby={titleId}>
      <header className="head-row">
        <h1 id={titleId}>{t('accounts.mail.title')}</h1>
      </header>
      {transport && (
        <p className="lead">{transport === 'mailbox' ? t('accounts.mail.mailboxLead') : t('accounts.mail.smtpLead')}</p>
      )}
      <FailedDeliveries />
      <h2>{t('accounts.mail.sent')}</h2>
      {mail.isPending ? (
        <ScreenSkeleton lines={4} />
      ) : mail.isError && mail.data === undefined ? (
        <QueryError as="div" error={mail.error} onRetry={refetchOf(mail)} />
      ) : items.length === 0 ? (
        <ListEmpty icon={<Inbox aria-hidden size={40} />} text={t('accounts.mail.empty')} />
      ) : (
        <>
          <ul className="mail-list">
            {items.map((item) => (
              <li key={item.id} className="mail-item">
                <details>
                  <summary>
                    <span className="mail-subject" dir="auto">
                      {item.subject}
                    </span>
                    <span className="mail-meta">
                      <span dir="ltr">{item.to}</span> · {formatDateTime(item.sentAt, i18n.language)}
                    </span>
                  </summary>
                  <pre className="mail-text" dir="auto">
                    {item.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
          <ListMore
            className="list-more"
            query={mail}
            label={t('accounts.mail.loadMore')}
            loading={<ScreenSkeleton lines={1} />}
          />
        </>
      )}
    </section>
  );
}

/** Deliveries that failed for good: what, how often it was tried, its last error, and a retry. */
function FailedDeliveries() {
  const { t, i18n } = useTranslation();
  const dead = useQuery(deadDeliveriesQuery());
  const retry = useRetryDelivery();
  if (dead.isError) return <QueryError as="div" error={dead.error} onRetry={refetchOf(dead)} />;
  if (!dead.data?.items.length) return null;
  return (
    <>
      <h2>{t('accounts.mail.failed')}</h2>
      <ul className="mail-list">
        {dead.data.items.map((item) => (
          <li key={item.id} className="mail-item failed">
            <span className="mail-subject">
              {item.topic} · {t('accounts.mail.attempts', { count: item.attempts })}
            </span>
            <span className="mail-meta">
              {item.finishedAt ? formatDateTime(item.finishedAt, i18n.language) : ''} · {item.lastError}
            </span>
            <button
              type="button"
              className="button"
              disabled={retry.isPending}
              onClick={() => {
                retry.mutate(item.id, {
                  onError: (error) => {
                    toastError(error, t);
                  },
                });
              }}
            >
              <RotateCcw aria-hidden size={16} /> {t('accounts.mail.retry')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
