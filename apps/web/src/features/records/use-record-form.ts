import { useState } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Photo } from '@tolk/shared/schemas/conversations';
import { showSaveError } from '../../ui/schema-form';
import { submitWith } from '../../ui/submit-with';
import { useConflictChoice } from '../../ui/use-conflict-choice';
import { recordQuery } from './api/get-record';
import { useSaveRecord } from './api/save-record';
import { recordFieldMessage, type FieldOf } from '../../ui/form-errors';
import { RECORD_PATHS, type InputOf, type RecordKind, type RecordOf } from './kinds';

/** Every record form keeps its photos (one or a few) under `photos`. */
export type RecordFormValues = FieldValues & { photos: Photo[] };

interface RecordFormOptions<K extends RecordKind, F extends RecordFormValues> {
  kind: K;
  /** The record being changed, as loaded; a new one without. */
  record: RecordOf<K> | undefined;
  /** A new record's first values. */
  blank: F;
  toForm: (record: RecordOf<K>) => F;
  toInput: (values: F) => InputOf<K>;
  resolver: Resolver<F>;
  fieldOf: FieldOf<F>;
  /**
   * Given, a save that passed the form's checks waits on it: it calls `save` now, or later (once
   * a question is answered), or never (the member went back to the form).
   */
  beforeSave?: (values: F, save: () => void) => void;
}

/**
 * An add or edit form of any kind: checked with the shared schema, saved with the version it was
 * loaded from, the server's field errors shown on their fields. A save refused because the record
 * changed elsewhere (409) keeps what was typed and leaves the choice to the member: load their
 * version, or save this one over it.
 */
export interface RecordFormControls<K extends RecordKind, F extends RecordFormValues> {
  kind: K;
  record: RecordOf<K> | undefined;
  form: UseFormReturn<F>;
  submit: (event: React.SyntheticEvent<HTMLFormElement>) => void;
  /** Saving, uploading or reading the other version: the buttons wait. */
  busy: boolean;
  saving: boolean;
  /** The save was refused because the record changed elsewhere. */
  conflict: boolean;
  reload: () => void;
  overwrite: () => void;
  /** What the photo picker needs: the photos, how they change, the uploads under way, their error. */
  photos: {
    value: Photo[];
    onChange: (update: (current: Photo[]) => Photo[]) => void;
    onBusyChange: (busy: boolean) => void;
    error: string | undefined;
  };
}

export function useRecordForm<K extends RecordKind, F extends RecordFormValues>({
  kind,
  record,
  blank,
  toForm,
  toInput,
  resolver,
  fieldOf,
  beforeSave,
}: RecordFormOptions<K, F>): RecordFormControls<K, F> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<F>({ defaultValues: (record ? toForm(record) : blank) as DefaultValues<F>, resolver });
  const [uploading, setUploading] = useState(false);

  const save = useSaveRecord(kind, record, {
    onSuccess: async (saved) => {
      toast.success(t(record ? 'records.toast.saved' : 'records.toast.added', { name: saved.name }));
      await navigate(RECORD_PATHS[kind].detail(saved.id), { replace: true });
    },
    onError: (error) => {
      if (!choice.refused(error)) showSaveError(error, fieldOf, form.setError, recordFieldMessage, t);
    },
  });

  const choice = useConflictChoice({
    form,
    loadedVersion: record?.version ?? 0,
    // The record as it is now on the server (only an edit can conflict).
    latest: () => queryClient.query({ ...recordQuery(kind, record?.id ?? ''), staleTime: 0 }),
    toForm,
    save: (values, from) => {
      save.mutate({ input: toInput(values), from });
    },
  });

  const submit = submitWith(form.handleSubmit, (values) => {
    form.clearErrors('root');
    const send = () => {
      save.mutate({ input: toInput(values), from: choice.version });
    };
    if (beforeSave) beforeSave(values, send);
    else send();
  });

  const photosName = 'photos' as Path<F>;
  const photos = useWatch({ control: form.control, name: photosName }) as Photo[];

  return {
    kind,
    record,
    form,
    submit,
    busy: save.isPending || uploading || choice.resolving,
    saving: save.isPending,
    conflict: choice.conflict,
    reload: choice.reload,
    overwrite: choice.overwrite,
    photos: {
      value: photos,
      onChange: (update) => {
        const next = update(form.getValues(photosName) as Photo[]);
        form.setValue(photosName, next as PathValue<F, Path<F>>, { shouldDirty: true });
      },
      onBusyChange: setUploading,
      error: form.getFieldState(photosName, form.formState).error?.message,
    },
  };
}
