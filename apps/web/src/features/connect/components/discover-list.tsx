import { useEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { HttpError } from '../../../lib/http-error';
import { paths } from '../../../lib/paths';
import { serverFieldMessage } from '../../../ui/error-message';
import { ListMore } from '../../../ui/list-more';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { discoveryQuery } from '../api/list-people';
import { NO_FILTERS, panelFilterCount, peopleQueryOf, type ConnectFilters } from '../filters';
import { PersonCardItem } from './person-card';
import { personCardSkeletons } from './person-card-skeleton';

/** How far below the screen the next page starts loading, so scrolling rarely waits. */
const NEAR_END = '600px';

interface DiscoverListProps {
  filters: ConnectFilters;
  onChange: (filters: ConnectFilters) => void;
}

/** The people discovery finds for the filters, a page at a time, the next one as the end nears. */
export function DiscoverList({ filters, onChange }: DiscoverListProps) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(discoveryQuery(peopleQueryOf(filters)));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const end = useRef<HTMLDivElement>(null);
  const filtered = panelFilterCount(filters) > 0 || filters.q !== '';

  useEffect(() => {
    const node = end.current;
    // After a page failed, the button asks again: never a loop of automatic retries.
    if (!node || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${NEAR_END} 0px` },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) return personCardSkeletons(3);
  // A page after the first that failed keeps the list; only a list that never came is an error.
  if (query.isError && query.data === undefined) {
    const error = query.error;
    const fields = error instanceof HttpError ? error.fields : {};
    // A distance with neither a city chosen nor a home city: the server says so by the field.
    if (fields.withinKm?.[0]) {
      return (
        <div className="connect-empty" role="alert">
          <p>{t('connect.filters.needCity')}</p>
          <div className="actions center">
            <Link className="button primary" to={paths.profileEdit}>
              {t('connect.empty.completeProfile')}
            </Link>
            <button
              type="button"
              className="button"
              onClick={() => {
                onChange({ ...filters, withinKm: null });
              }}
            >
              {t('connect.filters.anyDistance')}
            </button>
          </div>
        </div>
      );
    }
    const fieldMessage = Object.values(fields)[0]?.[0];
    return (
      <QueryError
        as="div"
        error={error}
        {...(fieldMessage ? { message: serverFieldMessage(fieldMessage) } : { onRetry: refetchOf(query) })}
        actions={
          fieldMessage ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                onChange(NO_FILTERS);
              }}
            >
              {t('connect.filters.clear')}
            </button>
          ) : undefined
        }
      />
    );
  }

  const people = query.data.pages.flatMap((page) => page.people);
  if (people.length === 0) {
    return (
      <div className="connect-empty">
        <SearchX aria-hidden size={40} />
        <h2>{t('connect.empty.title')}</h2>
        <p>{filtered ? t('connect.empty.filtered') : t('connect.empty.nobody')}</p>
        <p className="muted">{t('connect.empty.profileHint')}</p>
        <div className="actions center">
          {filtered && (
            <button
              type="button"
              className="button primary"
              onClick={() => {
                onChange(NO_FILTERS);
              }}
            >
              {t('connect.filters.clear')}
            </button>
          )}
          <Link className="button" to={paths.profileEdit}>
            {t('connect.empty.completeProfile')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <ul className="person-list">
        {people.map((person) => (
          <li key={person.id}>
            <PersonCardItem person={person} />
          </li>
        ))}
      </ul>
      <ListMore
        ref={end}
        className="list-end"
        query={query}
        label={t('connect.loadMore')}
        loading={personCardSkeletons(1)}
        end={<p className="muted small">{t('connect.seenEveryone')}</p>}
      />
    </>
  );
}
