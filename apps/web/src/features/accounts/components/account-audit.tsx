import { useId, type ComponentProps, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import Skeleton from 'react-loading-skeleton';
import type { AdminAccount, AuditAction, AuditEntry } from '@tolk/shared/schemas/accounts-admin';
import { formatDateTime, formatNumber, personName } from '../../../lib/format';
import { languageName } from '../../../lib/language-names';
import { PagedList } from '../../../ui/paged-list';
import { listSkeletons } from '../../../ui/skeletons';
import { auditQuery } from '../api/list-audit';
import { tenantAuditQuery } from '../api/list-tenant-audit';

const ACTION_KEYS: Record<AuditAction, string> = {
  account_created: 'accounts.audit.actions.accountCreated',
  account_updated: 'accounts.audit.actions.accountUpdated',
  account_suspended: 'accounts.audit.actions.accountSuspended',
  account_reactivated: 'accounts.audit.actions.accountReactivated',
  password_reset: 'accounts.audit.actions.passwordReset',
  session_revoked: 'accounts.audit.actions.sessionRevoked',
  tenant_created: 'accounts.audit.actions.tenantCreated',
  tenant_removed: 'accounts.audit.actions.tenantRemoved',
  reference_hidden: 'accounts.audit.actions.referenceHidden',
};

/** The fields the server audits, by the words the admin reads; others show under their own name. */
const FIELD_KEYS: Record<string, string> = {
  username: 'accounts.fields.username',
  displayName: 'accounts.fields.displayName',
  language: 'accounts.fields.language',
  roles: 'accounts.fields.roles',
  tenant: 'accounts.fields.tenant',
  state: 'accounts.fields.state',
  mustChangePassword: 'accounts.audit.fields.mustChangePassword',
  sessionsRevoked: 'accounts.audit.fields.sessionsRevoked',
  session: 'accounts.audit.fields.session',
  slug: 'accounts.tenants.slug',
  name: 'accounts.tenants.name',
};

/** Values that are words of the product (a state), not what someone typed. */
const VALUE_KEYS: Record<string, string> = {
  active: 'accounts.state.active',
  suspended: 'accounts.state.suspended',
  live: 'accounts.audit.values.live',
  revoked: 'accounts.audit.values.revoked',
};

/** One audited value as the admin reads it: on or off, a number in their digits, a language by name. */
function AuditValue({ field, value }: { field: string; value: unknown }) {
  const { t, i18n } = useTranslation();
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  if (typeof value === 'boolean') return <>{t(value ? 'accounts.audit.values.on' : 'accounts.audit.values.off')}</>;
  if (typeof value === 'number') return <>{formatNumber(value, i18n.language)}</>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (field === 'language') return <>{languageName(text, i18n.language)}</>;
  const key = field === 'state' ? VALUE_KEYS[text] : undefined;
  if (key) return <>{t(key)}</>;
  // A session is known by the start of its id; the whole of it is there to hover.
  if (field === 'session') return <code title={text}>{text.slice(0, 8)}</code>;
  return <bdi data-user-text>{text}</bdi>;
}

/** What one change did to each field: before → after, or what it became where there was no before. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  // A reset's "passwordReset: true" says no more than the action's own name.
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter(
    (field) => field !== 'passwordReset',
  );
  if (fields.length === 0) return null;
  return (
    <dl className="audit-changes">
      {fields.map((field) => {
        const labelKey = FIELD_KEYS[field];
        const hasBefore = entry.before !== null && field in entry.before;
        const hasAfter = entry.after !== null && field in entry.after;
        let change: ReactNode;
        if (hasBefore && hasAfter) {
          change = (
            <>
              <del>
                <AuditValue field={field} value={entry.before?.[field]} />
              </del>
              <ArrowRight aria-hidden size={14} className="flip-rtl" />
              <span className="visually-hidden">{t('accounts.audit.became')}</span>
              <ins>
                <AuditValue field={field} value={entry.after?.[field]} />
              </ins>
            </>
          );
        } else {
          change = <AuditValue field={field} value={hasAfter ? entry.after?.[field] : entry.before?.[field]} />;
        }
        return (
          <div key={field}>
            <dt>{labelKey ? t(labelKey) : field}</dt>
            <dd>{change}</dd>
          </div>
        );
      })}
    </dl>
  );
}

const auditSkeletons = listSkeletons(
  'audit-list',
  <div aria-hidden>
    <Skeleton width="40%" />
    <Skeleton width="70%" />
  </div>,
);

/** Every admin change of the account, newest first: when, who, what, and each field before → after. */
export function AccountAudit({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(auditQuery(account.id));
  return <AuditSection title={t('accounts.audit.title')} none={t('accounts.audit.none')} query={query} />;
}

/** Tenants added and removed, newest first (a removed tenant's entries stay): who, when, slug and name. */
export function TenantAudit() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(tenantAuditQuery());
  return <AuditSection title={t('accounts.tenants.audit')} none={t('accounts.tenants.auditNone')} query={query} />;
}

/** A cursor-paged audit under its heading. */
function AuditSection({
  title,
  none,
  query,
}: {
  title: string;
  none: string;
  query: ComponentProps<typeof PagedList<AuditEntry>>['query'];
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <section className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <PagedList
        query={query}
        skeletons={auditSkeletons}
        empty={<p className="muted">{none}</p>}
        moreLabel={t('accounts.list.loadMore')}
        moreClassName="accounts-more"
      >
        {(entries) => (
          <ol className="audit-list">
            {entries.map((entry) => (
              <li key={entry.id} className="audit-entry">
                <p className="audit-head">
                  <strong>{t(ACTION_KEYS[entry.action])}</strong>
                  <span className="small muted">
                    <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
                    {' · '}
                    {t('accounts.audit.by', { name: personName(entry.actor) })}
                  </span>
                </p>
                <Changes entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}
