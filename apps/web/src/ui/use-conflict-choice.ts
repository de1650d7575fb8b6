import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './error-message';

interface ConflictChoiceOptions<T extends { version: number }, F extends FieldValues> {
  form: UseFormReturn<F>;
  /** The version the form's values were loaded from. */
  loadedVersion: number;
  /** What is saved now, as it is on the server (read again, never from the cache). */
  latest: () => Promise<T>;
  toForm: (current: T) => F;
  /** Sends the form's values as a change of `from`. */
  save: (values: F, from: number) => void;
}

/**
 * An edit form's part in a save refused because what it changes changed elsewhere (409
 * `conflict`): the version it saves from, whether it was refused, and the member's two ways out
 * (ui/conflict-notice.tsx offers them). Either reads the saved version first; reload then puts it
 * in the form, overwrite saves what was typed over it (checked again).
 */
export function useConflictChoice<T extends { version: number }, F extends FieldValues>({
  form,
  loadedVersion,
  latest,
  toForm,
  save,
}: ConflictChoiceOptions<T, F>) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(loadedVersion);
  const [conflict, setConflict] = useState(false);
  const [resolving, setResolving] = useState(false);

  const resolve = async (choice: 'reload' | 'overwrite') => {
    setResolving(true);
    form.clearErrors('root');
    let current: T;
    try {
      current = await latest();
    } catch (error) {
      form.setError('root', { type: 'server', message: errorMessage(error, t) });
      return;
    } finally {
      setResolving(false);
    }
    setVersion(current.version);
    setConflict(false);
    if (choice === 'reload') form.reset(toForm(current));
    // Mine over theirs: what is in the form now, checked again, against the version just read.
    else {
      await form.handleSubmit((values) => {
        save(values, current.version);
      })();
    }
  };

  return {
    /** The version a save is made from. */
    version,
    conflict,
    /** The save was refused with 409 `conflict`. */
    refused: () => {
      setConflict(true);
    },
    resolving,
    reload: () => void resolve('reload'),
    overwrite: () => void resolve('overwrite'),
  };
}
