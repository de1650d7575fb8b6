import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { formatAgo, formatDateTime } from '../../../lib/format';
import { toastError } from '../../../ui/toast-error';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { sessionsQuery } from '../api/list-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { describeUserAgent } from '../user-agent';

/** Where an account is signed in (superadmins): each device, when it signed in and was last seen, and Revoke. */
export function AccountSessions({ account }: { account: AdminAccount }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const sessions = useQuery(sessionsQuery(account.id));
  const revoke = useRevokeSession(account.id, {
    onSuccess: (_nothing, session) => {
      toast.success(t('accounts.sessions.revoked', { device: describeUserAgent(session.userAgent) || session.ip }));
    },
    onError: (error) => {
      toastError(error, t);
    },
  });

  let body;
  if (sessions.isPending) body = <ScreenSkeleton lines={2} />;
  else if (sessions.isError) body = <QueryError as="div" error={sessions.error} onRetry={refetchOf(sessions)} />;
  else if (sessions.data.length === 0) body = <p className="muted">{t('accounts.sessions.none')}</p>;
  else {
    body = (
      <ul className="account-sessions">
        {sessions.data.map((session) => {
          const device = describeUserAgent(session.userAgent) || t('accounts.sessions.unknownDevice');
          return (
            <li key={session.id} className="account-session">
              <MonitorSmartphone aria-hidden size={22} className="account-session-icon" />
              <span className="account-session-text">
                <strong title={session.userAgent || undefined} dir="ltr">
                  {device}
                </strong>
                <span className="small muted">
                  <bdi dir="ltr">{session.ip}</bdi>
                  {' · '}
                  {t('accounts.sessions.signedIn', { date: formatDateTime(session.createdAt, i18n.language) })}
                </span>
                <span className="small muted">
                  {session.lastSeenAt
                    ? t('accounts.sessions.lastSeen', { ago: formatAgo(session.lastSeenAt, i18n.language) })
                    : t('accounts.sessions.notSeen')}
                </span>
              </span>
              <button
                type="button"
                className="button danger-outline"
                disabled={revoke.isPending}
                aria-label={t('accounts.sessions.revokeDevice', { device })}
                onClick={() => {
                  revoke.mutate(session);
                }}
              >
                <LogOut aria-hidden size={16} className="flip-rtl" /> {t('accounts.sessions.revoke')}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('accounts.sessions.title')}</h2>
      {body}
    </section>
  );
}
