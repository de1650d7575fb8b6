import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { BackLink } from '../../../ui/back-link';
import { WithLoaded } from '../../../ui/query-error';
import { recordQuery } from '../api/get-record';
import { RECORD_PATHS, RECORD_TEXTS, type RecordKind, type RecordOf } from '../kinds';
import type { BackState } from './record-list';

/** The record a route names (`:id`), handed on once loaded; "not found" or why it failed otherwise. */
function WithRecord<K extends RecordKind>({
  kind,
  id,
  children,
}: {
  kind: K;
  id: string;
  children: (record: RecordOf<K>) => ReactNode;
}) {
  const { t } = useTranslation();
  const query = useQuery(recordQuery(kind, id));
  return (
    <WithLoaded
      query={query}
      missing={{
        title: t('records.missingTitle'),
        message: t(RECORD_TEXTS[kind].missing),
        back: (
          <Link className="button" to={RECORD_PATHS[kind].list}>
            {t(RECORD_TEXTS[kind].title)}
          </Link>
        ),
      }}
    >
      {children}
    </WithLoaded>
  );
}

/** /{kind}/add and /{kind}/edit/{id}: the form, new or filled from the record as loaded. */
export function RecordFormScreen<K extends RecordKind>({
  kind,
  children,
}: {
  kind: K;
  children: (record: RecordOf<K> | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const titleId = useId();
  const recordPaths = RECORD_PATHS[kind];
  return (
    <section className="records record-form-screen" aria-labelledby={titleId}>
      <header className="screen-bar">
        <BackLink to={id ? recordPaths.detail(id) : recordPaths.list} />
        <h1 id={titleId}>{t(id ? RECORD_TEXTS[kind].edit : RECORD_TEXTS[kind].new)}</h1>
      </header>
      {id ? (
        <WithRecord key={id} kind={kind} id={id}>
          {(record) => children(record)}
        </WithRecord>
      ) : (
        children(undefined)
      )}
    </section>
  );
}

/** Where a record's page goes back to: the list as it was left, else the kind's list. */
function useBackPath(kind: RecordKind): string {
  const { state } = useLocation() as { state: Partial<BackState> | null };
  const list = RECORD_PATHS[kind].list;
  return typeof state?.back === 'string' && state.back.startsWith(list) ? state.back : list;
}

/** /{kind}/{id}: the record, once loaded. */
export function RecordDetailScreen<K extends RecordKind>({
  kind,
  children,
}: {
  kind: K;
  children: (record: RecordOf<K>, back: string) => ReactNode;
}) {
  const { id = '' } = useParams();
  const back = useBackPath(kind);
  return (
    <WithRecord key={id} kind={kind} id={id}>
      {(record) => children(record, back)}
    </WithRecord>
  );
}

/** The head of a record's page: back to the list, Edit and Delete. */
export function DetailBar({
  kind,
  id,
  back,
  deleting,
  onDelete,
}: {
  kind: RecordKind;
  id: string;
  back: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="screen-bar">
      <BackLink to={back} />
      <div className="screen-bar-actions">
        <Link className="button" to={RECORD_PATHS[kind].edit(id)}>
          <Pencil aria-hidden size={16} /> {t('common.edit')}
        </Link>
        <button type="button" className="button danger-outline" disabled={deleting} onClick={onDelete}>
          <Trash2 aria-hidden size={16} /> {t('common.delete')}
        </button>
      </div>
    </header>
  );
}
