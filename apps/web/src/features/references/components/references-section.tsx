import { useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { MessageSquareQuote } from 'lucide-react';
import Skeleton from 'react-loading-skeleton';
import type { Reference, ReferenceCounts, ReferenceKind } from '@tolk/shared/schemas/references';
import { personName } from '../../../lib/format';
import { useLoginResponse } from '../../../lib/session';
import { ListEmpty } from '../../../ui/list-empty';
import { ListMore } from '../../../ui/list-more';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ReportDialog } from '../../../ui/report-dialog';
import { listSkeletons } from '../../../ui/skeletons';
import { useFileReport } from '../../connect/api/file-report';
import { referencesQuery } from '../api/list-references';
import type { ReferencesOf } from '../api/keys';
import { RatingLine } from './rating-stars';
import { ReferenceItem } from './reference-item';
import '../references.css';

type KindFilter = ReferenceKind | 'all';
const FILTERS: readonly KindFilter[] = ['all', 'meeting', 'order'];
const FILTER_KEYS: Record<KindFilter, string> = {
  all: 'references.filter.all',
  meeting: 'references.filter.meeting',
  order: 'references.filter.order',
};

const referenceSkeletons = listSkeletons(
  'reference-list',
  <div className="reference skeleton" aria-hidden>
    <Skeleton circle width={36} height={36} />
    <Skeleton count={2} />
  </div>,
);

type ReferencesSectionProps =
  | { subjectId: string; thingId?: undefined; title?: string }
  | { thingId: string; subjectId?: undefined; title?: string };

/**
 * The references about a member (or an offered thing's reviews): how many by kind and opinion,
 * a filter by kind (members only), newest first a page at a time, each one's text in my language.
 * A failure stays inside the section, with a retry: the screen around it goes on.
 */
export function ReferencesSection({ subjectId, thingId, title }: ReferencesSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { loginResponse } = useLoginResponse();
  const [kind, setKind] = useState<KindFilter>('all');
  const of: ReferencesOf = thingId ? { thingId } : { subjectId: subjectId ?? '', ...(kind !== 'all' && { kind }) };
  const query = useInfiniteQuery(referencesQuery(of));
  const report = useFileReport();
  const [reporting, setReporting] = useState<Reference | null>(null);
  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (query.isPending) body = referenceSkeletons(2);
  else if (query.isError && query.data === undefined) {
    body = <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  } else if (items.length === 0) {
    body = (
      <ListEmpty
        className="list-empty references-empty"
        icon={<MessageSquareQuote aria-hidden size={32} />}
        text={thingId ? t('references.noReviews') : t('references.empty')}
      />
    );
  } else {
    body = (
      <>
        <ul className="reference-list">
          {items.map((reference) => (
            <li key={reference.id}>
              <ReferenceItem
                reference={reference}
                onReport={
                  reference.author.id === loginResponse.userid
                    ? undefined
                    : () => {
                        setReporting(reference);
                      }
                }
              />
            </li>
          ))}
        </ul>
        <ListMore className="list-more" query={query} label={t('references.more')} loading={referenceSkeletons(1)} />
      </>
    );
  }

  return (
    <section className="card person-section references-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? (thingId ? t('references.reviews') : t('references.title'))}</h2>
      {first && (
        <div className="references-summary">
          {!thingId && <CountsLine counts={first.counts} />}
          <RatingLine rating={first.rating} />
        </div>
      )}
      {!thingId && (
        <div className="references-filter" role="group" aria-label={t('references.filter.label')}>
          {FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className="chip-button"
              aria-pressed={kind === value}
              onClick={() => {
                setKind(value);
              }}
            >
              {t(FILTER_KEYS[value])}
            </button>
          ))}
        </div>
      )}
      {body}
      <ReportDialog
        open={reporting !== null}
        title={t('references.reportTitle', { name: reporting ? personName(reporting.author) : '' })}
        busy={report.isPending}
        onClose={() => {
          setReporting(null);
        }}
        onSubmit={async (reason, note) => {
          if (!reporting) return;
          await report.mutateAsync({ targetKind: 'reference', targetId: reporting.id, reason, note });
          toast.success(t('report.thanks'));
          setReporting(null);
        }}
      />
    </section>
  );
}

/** "12 meetings · 3 orders" and "13 positive · 1 neutral · 1 negative", over every kind. */
function CountsLine({ counts }: { counts: ReferenceCounts }) {
  const { t } = useTranslation();
  const sum = (of: keyof ReferenceCounts) => counts[of].positive + counts[of].neutral + counts[of].negative;
  const opinion = (which: 'positive' | 'neutral' | 'negative') => counts.meeting[which] + counts.order[which];
  if (sum('meeting') + sum('order') === 0) return null;
  return (
    <>
      <p className="references-counts">
        {t('references.counts.meetings', { count: sum('meeting') })}
        {' · '}
        {t('references.counts.orders', { count: sum('order') })}
      </p>
      <p className="references-counts small muted">
        {t('references.counts.positive', { count: opinion('positive') })}
        {' · '}
        {t('references.counts.neutral', { count: opinion('neutral') })}
        {' · '}
        {t('references.counts.negative', { count: opinion('negative') })}
      </p>
    </>
  );
}
