import { useId, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Plus } from 'lucide-react';
import { RECORD_SEARCH_MAX, RECORD_SORTS, type RecordSort } from '@tolk/shared/schemas/records';
import { useListParams } from '../../../lib/use-list-params';
import { ListMore } from '../../../ui/list-more';
import { ListEmpty } from '../../../ui/list-empty';
import { SearchField } from '../../../ui/search-field';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { recordsListQuery } from '../api/list-records';
import { RECORD_PATHS, RECORD_TEXTS, type RecordKind, type RecordOf } from '../kinds';
import { ExportMenu } from './export-menu';
import { RecordRowSkeletons } from './record-row-skeletons';

const SORT_KEYS: Record<RecordSort, string> = {
  recent: 'records.sort.recent',
  name: 'records.sort.name',
  updated: 'records.sort.updated',
};
const sortOf = (value: string | null): RecordSort => RECORD_SORTS.find((sort) => sort === value) ?? 'recent';

/** Where a record's page goes back to: the list as it was left (its search and order). */
export interface BackState {
  back: string;
}

interface RecordListProps<K extends RecordKind> {
  kind: K;
  /** Shown with the spec's empty-list words. */
  emptyIcon: ReactNode;
  /** A record's row, inside the link to its page. */
  row: (record: RecordOf<K>) => ReactNode;
}

/**
 * A kind's list screen: search (debounced) and order kept in the URL, so back and refresh keep
 * them; a page at a time with "Load more"; the spec's empty words; Add and Export at its head.
 */
export function RecordList<K extends RecordKind>({ kind, emptyIcon, row }: RecordListProps<K>) {
  const { t } = useTranslation();
  const ids = { title: useId(), sort: useId() };
  const texts = RECORD_TEXTS[kind];
  const recordPaths = RECORD_PATHS[kind];
  const location = useLocation();
  const { params, q, setTyped, setParam, search } = useListParams(RECORD_SEARCH_MAX);
  const sort = sortOf(params.get('sort'));
  const query = useInfiniteQuery({ ...recordsListQuery(kind, { q, sort }), placeholderData: keepPreviousData });
  const back: BackState = { back: location.pathname + location.search };

  let body: ReactNode;
  if (query.isPending) body = <RecordRowSkeletons count={4} />;
  else if (query.isError && query.data === undefined) {
    body = <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  } else {
    const records = query.data.pages.flatMap((page) => page.items);
    body =
      records.length === 0 ? (
        <ListEmpty className="list-empty records-empty" icon={emptyIcon} text={t(texts.empty)}>
          {q ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setTyped('');
                setParam('q', '');
              }}
            >
              {t('records.clearSearch')}
            </button>
          ) : (
            <Link className="button primary" to={recordPaths.add}>
              <Plus aria-hidden size={18} /> {t(texts.add)}
            </Link>
          )}
        </ListEmpty>
      ) : (
        <>
          <ul className="record-list" aria-busy={query.isPlaceholderData || undefined}>
            {records.map((record) => (
              <li key={record.id}>
                <Link className="record-row" to={recordPaths.detail(record.id)} state={back}>
                  {row(record)}
                </Link>
              </li>
            ))}
          </ul>
          <ListMore
            className="list-more records-more"
            query={query}
            label={t('records.loadMore')}
            loading={<RecordRowSkeletons count={1} />}
          />
        </>
      );
  }

  return (
    <section className="records" aria-labelledby={ids.title}>
      <header className="head-row">
        <h1 id={ids.title}>{t(texts.title)}</h1>
        <div className="records-head-actions">
          <Link className="button primary" to={recordPaths.add}>
            <Plus aria-hidden size={18} /> {t(texts.add)}
          </Link>
          <ExportMenu kind={kind} />
        </div>
      </header>
      <div className="records-tools" role="search">
        <SearchField className="records-search" label={t('records.search')} {...search} />
        <div className="field records-sort">
          <label htmlFor={ids.sort}>{t('records.sort.label')}</label>
          <select
            id={ids.sort}
            value={sort}
            onChange={(event) => {
              setParam('sort', event.target.value === 'recent' ? '' : event.target.value);
            }}
          >
            {RECORD_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_KEYS[value])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}
