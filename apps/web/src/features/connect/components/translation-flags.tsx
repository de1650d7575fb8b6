import { useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Skeleton from 'react-loading-skeleton';
import { Languages } from 'lucide-react';
import type { TranslationFlag } from '@tolk/shared/schemas/translation';
import { directionOf } from '@tolk/shared/languages';
import { formatAgo, formatDay } from '../../../lib/format';
import { engineName, languageName } from '../../../lib/language-names';
import { listSkeletons } from '../../../ui/skeletons';
import { ListEmpty } from '../../../ui/list-empty';
import { PagedList } from '../../../ui/paged-list';
import { translationFlagsQuery } from '../api/list-translation-flags';
import { personName } from '../format';

const flagSkeletons = listSkeletons(
  'card-list report-list',
  <div className="card report-card">
    <Skeleton count={3} />
  </div>,
);

/** The reports screen's Translations tab: machine translations members flagged as bad, newest first. */
export function TranslationFlagsPanel() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(translationFlagsQuery());
  return (
    <>
      <p className="muted">{t('connect.reports.flags.lead')}</p>
      <PagedList
        query={query}
        skeletons={flagSkeletons}
        empty={
          <ListEmpty
            className="connect-empty"
            icon={<Languages aria-hidden size={40} />}
            text={t('connect.reports.flags.none')}
          />
        }
        moreLabel={t('connect.reports.flags.more')}
        moreClassName="report-more"
      >
        {(flags) => (
          <ul className="card-list report-list">
            {flags.map((flag) => (
              <FlagItem key={flag.id} flag={flag} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function FlagItem({ flag }: { flag: TranslationFlag }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const engine = flag.pivot
    ? t('translation.machineVia', { engine: engineName(flag.engine), via: languageName(flag.pivot, i18n.language) })
    : t('translation.machineBy', { engine: engineName(flag.engine) });
  return (
    <li>
      <article className="card report-card" aria-labelledby={headingId}>
        <div className="head-row report-card-head">
          <h2 id={headingId} className="report-reason-tag">
            {languageName(flag.from, i18n.language)} {i18n.dir() === 'rtl' ? '←' : '→'}{' '}
            {languageName(flag.to, i18n.language)}
          </h2>
          <time className="muted small" dateTime={flag.createdAt} title={formatDay(flag.createdAt, i18n.language)}>
            {formatAgo(flag.createdAt, i18n.language)}
          </time>
        </div>
        <figure className="report-quote" aria-labelledby={`${headingId}-source`}>
          <figcaption id={`${headingId}-source`} className="muted small">
            {t('connect.reports.flags.original', { language: languageName(flag.from, i18n.language) })}
          </figcaption>
          <blockquote className="report-content" lang={flag.from} dir={directionOf(flag.from)}>
            {flag.sourceText}
          </blockquote>
        </figure>
        <figure className="report-quote" aria-labelledby={`${headingId}-target`}>
          <figcaption id={`${headingId}-target`} className="muted small">
            {t('connect.reports.flags.translation', { language: languageName(flag.to, i18n.language) })}
          </figcaption>
          <blockquote className="report-content" lang={flag.to} dir={directionOf(flag.to)}>
            {flag.targetText}
          </blockquote>
        </figure>
        <dl className="report-facts small">
          <div>
            <dt>{t('connect.reports.flags.engine')}</dt>
            <dd>{engine}</dd>
          </div>
          <div>
            <dt>{t('connect.reports.flags.flaggedBy')}</dt>
            <dd>
              {personName(flag.flaggedBy)} <bdi className="muted">@{flag.flaggedBy.username}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('connect.reports.community')}</dt>
            <dd>
              <bdi>{flag.tenant}</bdi>
            </dd>
          </div>
        </dl>
      </article>
    </li>
  );
}
