import { useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { toastError } from '../../ui/toast-error';
import { createRecord } from './api/create-record';
import { useDeleteRecord as useDeleteRecordCall } from './api/delete-record';
import { recordQueryKey } from './api/get-record';
import { refreshAfterChange } from './api/keys';
import { RECORD_PATHS, RECORD_TEXTS, type InputOf, type RecordKind, type RecordOf } from './kinds';

/** The toast after a delete: what was deleted, and Undo while it shows. */
export function UndoToast({
  message,
  onUndo,
  closeToast,
}: {
  message: string;
  onUndo: () => void;
  closeToast?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="undo-toast">
      <span>{message}</span>
      <button
        type="button"
        className="undo-toast-button"
        onClick={() => {
          closeToast?.();
          onUndo();
        }}
      >
        {t('records.toast.undo')}
      </button>
    </div>
  );
}

/**
 * Undo of a delete. The server has no undelete: the record is created again from the copy the
 * screen held when it was deleted, so it comes back with a new id (and version 1); what pointed
 * at the old id does not follow (a person met at a deleted place keeps no link to the new one).
 * It lives apart from the screen, which has gone back to the list by the time Undo is tapped.
 */
async function restore<K extends RecordKind>(
  queryClient: QueryClient,
  kind: K,
  input: InputOf<K>,
  name: string,
  t: TFunction,
): Promise<void> {
  try {
    const created = await createRecord(kind, input);
    queryClient.setQueryData(recordQueryKey(kind, created.id), created);
    toast.success(t('records.toast.restored', { name }));
    await refreshAfterChange(queryClient, kind);
  } catch (error) {
    toastError(error, t);
  }
}

/**
 * Delete on a record's page: asked first with the spec's words ('Are you sure?', 'Are you sure
 * you want to delete the item?'), then back to the list with an Undo toast.
 */
export function useDeleteRecord<K extends RecordKind>(
  kind: K,
  record: RecordOf<K>,
  inputOf: (record: RecordOf<K>) => InputOf<K>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteRecordCall(kind, record.id, {
    onSuccess: async () => {
      setAsking(false);
      const input = inputOf(record);
      const name = record.name;
      toast.success(({ closeToast }) => (
        <UndoToast
          message={t('records.toast.deleted', { name })}
          closeToast={closeToast}
          onUndo={() => {
            void restore(queryClient, kind, input, name, t);
          }}
        />
      ));
      await navigate(RECORD_PATHS[kind].list, { replace: true });
    },
    onError: (error) => {
      setAsking(false);
      toastError(error, t);
    },
  });

  const dialog = (
    <ConfirmDeleteDialog
      open={asking}
      subject={t(RECORD_TEXTS[kind].deleteSubject, { name: record.name })}
      busy={remove.isPending}
      onCancel={() => {
        setAsking(false);
      }}
      onConfirm={() => {
        remove.mutate();
      }}
    />
  );
  return {
    ask: () => {
      setAsking(true);
    },
    deleting: remove.isPending,
    dialog,
  };
}
