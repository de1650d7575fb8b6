import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Image } from 'lucide-react';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { myMusesQuery } from '../api/list-my-muses';
import { useLoginResponse } from '../../../lib/session';
import { formatMuseTime, museView } from '../muse-display';
import { personName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { BackLink } from '../../../ui/back-link';
import { ListMore } from '../../../ui/list-more';
import '../conversations.css';

export function Component() {
  const { t, i18n } = useTranslation();
  const { loginResponse } = useLoginResponse();
  const query = useInfiniteQuery(myMusesQuery());

  const head = (
    <header className="screen-head">
      <BackLink to={paths.conversations} />
      <h1 id="my-muses-title">{t('muses.allMuses')}</h1>
    </header>
  );

  if (query.isPending) {
    return (
      <section aria-labelledby="my-muses-title">
        {head}
        <ScreenSkeleton lines={8} />
      </section>
    );
  }
  if (query.isError) {
    return <QueryError labelledBy="my-muses-title" heading={head} error={query.error} onRetry={refetchOf(query)} />;
  }
  const muses = query.data.pages.flatMap((page) => page.muses);

  return (
    <section className="my-muses" aria-labelledby="my-muses-title">
      {head}
      {muses.length === 0 ? (
        <div className="empty">
          <p>{t('common.noItems')}</p>
          <p className="muted">{t('muses.allEmptyHint')}</p>
          <Link className="button primary" to={paths.conversations}>
            {t('nav.messages')}
          </Link>
        </div>
      ) : (
        <ul className="record-list">
          {muses.map((muse) => (
            <li key={muse.id}>
              <Link to={paths.muse(muse.id)} className="record">
                <span className="record-main" dir="auto">
                  {muse.photo && !muse.deleted && <Image aria-hidden size={14} />}{' '}
                  {muse.deleted ? <em className="muted">{t('muses.deleted')}</em> : museView(muse, false).text}
                </span>
                <span className="record-meta">
                  {muse.sender.username === loginResponse.username ? t('common.you') : personName(muse.sender)} ·{' '}
                  <time dateTime={muse.createdAt}>{formatMuseTime(muse.createdAt, i18n.language)}</time>
                  {muse.editedAt && !muse.deleted && <span> · {t('muses.edited')}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ListMore
        className="actions center"
        query={query}
        label={t('muses.loadOlder')}
        // While the next page comes, its button stays, waiting.
        loading={
          <button type="button" className="button" disabled>
            {t('common.loading')}
          </button>
        }
      />
    </section>
  );
}
