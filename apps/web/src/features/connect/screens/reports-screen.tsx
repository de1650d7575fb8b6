import { useId, useState } from 'react';
import { TabList } from '../../../ui/tab-list';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { CheckCircle2, EyeOff, Inbox, ShieldAlert, ShieldX, UserX } from 'lucide-react';
import type { Report } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { REPORT_REASON_KEYS } from '../../../ui/report-dialog';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { toastError } from '../../../ui/toast-error';
import { BackLink } from '../../../ui/back-link';
import { reportsQuery, type ReportState } from '../api/list-reports';
import { useResolveReport } from '../api/resolve-report';
import { TranslationFlagsPanel } from '../components/translation-flags';
import { formatAgo, formatDay } from '../../../lib/format';
import { personName } from '../format';
import { HideReferenceDialog } from '../../references';
import '../connect.css';

/** The queue's two states, and the machine translations members flagged. */
type Tab = ReportState | 'translations';
const TABS: readonly Tab[] = ['open', 'resolved', 'translations'];
const TAB_KEYS: Record<Tab, string> = {
  open: 'connect.reports.tabs.open',
  resolved: 'connect.reports.tabs.resolved',
  translations: 'connect.reports.tabs.translations',
};
const KIND_KEYS: Record<Report['targetKind'], string> = {
  profile: 'connect.reports.kind.profile',
  trip: 'connect.reports.kind.trip',
  muse: 'connect.reports.kind.muse',
  reference: 'connect.reports.kind.reference',
};

const tabOf = (value: string | null): Tab => (value === 'resolved' || value === 'translations' ? value : 'open');

/** /connect/reports: the superadmins' queue of reports, open and resolved; members are told it is not for them. */
export function Component() {
  const { t } = useTranslation();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('state'));
  const state: ReportState = tab === 'resolved' ? 'resolved' : 'open';
  const query = useQuery({ ...reportsQuery(state), enabled: tab !== 'translations' });
  const [suspending, setSuspending] = useState<Report | null>(null);
  const [hiding, setHiding] = useState<Report | null>(null);
  const tabId = (which: Tab) => `${base}-${which}`;
  const panelId = `${base}-panel`;

  const resolve = useResolveReport({
    onSuccess: (_result, { report, action }) => {
      const name = personName(report.subject);
      toast.success(
        action === 'suspend' ? t('connect.reports.toast.suspended', { name }) : t('connect.reports.toast.dismissed'),
      );
    },
    onError: (error) => {
      toastError(error, t);
    },
  });

  const select = (next: Tab) => {
    setParams(next === 'open' ? {} : { state: next }, { replace: true });
  };

  const forbidden = query.error instanceof HttpError && query.error.status === 403;
  if (forbidden) {
    return (
      <section className="notice" aria-labelledby={`${base}-title`}>
        <ShieldX aria-hidden size={40} />
        <h1 id={`${base}-title`}>{t('connect.reports.title')}</h1>
        <p role="alert">{t('connect.reports.adminsOnly')}</p>
        <div className="actions">
          <Link className="button" to={paths.connect}>
            {t('connect.person.backToConnect')}
          </Link>
        </div>
      </section>
    );
  }

  let panel;
  if (tab === 'translations') panel = <TranslationFlagsPanel />;
  else if (query.isPending) panel = <ScreenSkeleton lines={4} />;
  else if (query.isError) panel = <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  else if (query.data.reports.length === 0) {
    panel = (
      <div className="connect-empty">
        {state === 'open' ? <CheckCircle2 aria-hidden size={40} /> : <Inbox aria-hidden size={40} />}
        <p>{state === 'open' ? t('connect.reports.noneOpen') : t('connect.reports.noneResolved')}</p>
      </div>
    );
  } else {
    panel = (
      <ul className="card-list report-list">
        {query.data.reports.map((report) => (
          <ReportItem
            key={report.id}
            report={report}
            busy={resolve.isPending && resolve.variables.report.id === report.id}
            onDismiss={() => {
              resolve.mutate({ report, action: 'dismiss' });
            }}
            onSuspend={() => {
              setSuspending(report);
            }}
            onHide={() => {
              setHiding(report);
            }}
          />
        ))}
      </ul>
    );
  }

  const suspendName = suspending ? personName(suspending.subject) : '';
  return (
    <section className="reports" aria-labelledby={`${base}-title`}>
      <header className="connect-bar">
        <BackLink to={paths.connect} label={t('connect.person.backToConnect')} />
      </header>
      <header className="connect-head">
        <h1 id={`${base}-title`}>
          <ShieldAlert aria-hidden size={26} /> {t('connect.reports.title')}
        </h1>
        <p className="muted">{t('connect.reports.lead')}</p>
      </header>
      <TabList
        className="connect-tabs"
        aria-labelledby={`${base}-title`}
        tabs={TABS}
        selected={tab}
        onSelect={select}
        tabId={tabId}
        panelId={panelId}
        label={(which) => t(TAB_KEYS[which])}
      />
      <div className="connect-panel" role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {panel}
      </div>
      <HideReferenceDialog
        referenceId={hiding?.targetId ?? null}
        onClose={() => {
          setHiding(null);
        }}
      />
      <ConfirmDialog
        open={suspending !== null}
        title={t('connect.reports.suspendTitle', { name: suspendName })}
        message={t('connect.reports.suspendBody', { name: suspendName })}
        confirmLabel={t('connect.reports.suspend')}
        busy={resolve.isPending}
        onCancel={() => {
          setSuspending(null);
        }}
        onConfirm={() => {
          if (!suspending) return;
          resolve.mutate(
            { report: suspending, action: 'suspend' },
            {
              onSettled: () => {
                setSuspending(null);
              },
            },
          );
        }}
      />
    </section>
  );
}

interface ReportItemProps {
  report: Report;
  busy: boolean;
  onDismiss: () => void;
  onSuspend: () => void;
  /** A reported reference: hide it from everyone (the report is then dismissed as usual). */
  onHide: () => void;
}

/** One report: why, what about, who reported whom in which community, when; and what to do about it. */
function ReportItem({ report, busy, onDismiss, onSuspend, onHide }: ReportItemProps) {
  const { t, i18n } = useTranslation();
  const { loginResponse } = useLoginResponse();
  const headingId = useId();
  // Connect shows a person within their own community only: another's profile would be "not found".
  const canOpen = report.tenant === loginResponse.tenant;
  const reporter = personName(report.reporter);
  const subject = personName(report.subject);
  return (
    <li>
      <article className="card report-card" aria-labelledby={headingId}>
        <div className="head-row report-card-head">
          <h2 id={headingId} className="report-reason-tag">
            {t(REPORT_REASON_KEYS[report.reason].label)}
          </h2>
          <time className="muted small" dateTime={report.createdAt} title={formatDay(report.createdAt, i18n.language)}>
            {formatAgo(report.createdAt, i18n.language)}
          </time>
        </div>
        <dl className="report-facts small">
          <div>
            <dt>{t('connect.reports.reporter')}</dt>
            <dd>
              {reporter} <bdi className="muted">@{report.reporter.username}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('connect.reports.subject')}</dt>
            <dd>
              {subject} <bdi className="muted">@{report.subject.username}</bdi>
              {report.subject.suspended && (
                <span className="report-suspended">
                  <UserX aria-hidden size={14} /> {t('connect.reports.suspendedBadge')}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('connect.reports.community')}</dt>
            <dd>
              <bdi>{report.tenant}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('connect.reports.target')}</dt>
            <dd>
              {t(KIND_KEYS[report.targetKind])}
              {canOpen && (
                <>
                  {' · '}
                  <Link to={paths.connectPerson(report.subject.id)}>{t('connect.reports.openProfile')}</Link>
                </>
              )}
            </dd>
          </div>
        </dl>
        {report.content && (
          <figure className="report-quote" aria-labelledby={`${headingId}-content`}>
            <figcaption id={`${headingId}-content`} className="muted small">
              {t('connect.reports.content')}
            </figcaption>
            <blockquote className="report-content" dir="auto">
              {report.content}
            </blockquote>
          </figure>
        )}
        {report.note && (
          <figure className="report-quote" aria-labelledby={`${headingId}-note`}>
            <figcaption id={`${headingId}-note`} className="muted small">
              {t('connect.reports.noteLabel')}
            </figcaption>
            <blockquote className="report-note" dir="auto">
              {report.note}
            </blockquote>
          </figure>
        )}
        {report.state === 'resolved' ? (
          <p className="report-resolution small">
            <CheckCircle2 aria-hidden size={16} />
            {report.resolution === 'suspended'
              ? t('connect.reports.resolvedSuspended', { date: formatDay(report.resolvedAt ?? '', i18n.language) })
              : t('connect.reports.resolvedDismissed', { date: formatDay(report.resolvedAt ?? '', i18n.language) })}
          </p>
        ) : (
          <div className="row-actions">
            <button type="button" className="button" disabled={busy} onClick={onDismiss}>
              {t('connect.reports.dismiss')}
            </button>
            {report.targetKind === 'reference' && (
              <button type="button" className="button danger-outline" disabled={busy} onClick={onHide}>
                <EyeOff aria-hidden size={18} /> {t('references.hide.title')}
              </button>
            )}
            {!report.subject.suspended && (
              <button type="button" className="button danger-outline" disabled={busy} onClick={onSuspend}>
                <UserX aria-hidden size={18} /> {t('connect.reports.suspend')}
              </button>
            )}
          </div>
        )}
      </article>
    </li>
  );
}
