import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../lib/http-error';
import { errorMessage } from './error-message';

interface ConflictChoiceOptions<F extends FieldValues, R extends { version: number }> {
  form: UseFormReturn<F>;
  /** The version the form's values were loaded from (none for a new one). */
  loadedVersion: number;
  /** What is saved, as it is on the server now. */
  latest: () => Promise<R>;
  toForm: (saved: R) => F;
  /** Saves the form's values over version `from`. */
  save: (values: F, from: number) => void;
}

export interface ConflictChoice {
  /** The version a save names: what the server compares with its own. */
  version: number;
  /** The save was refused because it changed elsewhere since the form was loaded. */
  conflict: boolean;
  /** Whether a failed save was that refusal (it then waits for the member's choice). */
  refused: (error: unknown) => boolean;
  /** Reading the other version. */
  resolving: boolean;
  /** Their version replaces what was typed. */
  reload: () => void;
  /** What was typed, checked again, is saved over their version. */
  overwrite: () => void;
}

/**
 * A versioned form's answer to a stale save (409 `conflict`): what was typed stays in the form
 * until the member chooses whose version to keep (ui/conflict-notice.tsx says it). Never merged.
 */
export function useConflictChoice<F extends FieldValues, R extends { version: number }>({
  form,
  loadedVersion,
  latest,
  toForm,
  save,
}: ConflictChoiceOptions<F, R>): ConflictChoice {
  const { t } = useTranslation();
  const [version, setVersion] = useState(loadedVersion);
  const [conflict, setConflict] = useState(false);
  const [resolving, setResolving] = useState(false);

  const refused = (error: unknown) => {
    const stale = error instanceof HttpError && error.code === 'conflict' && Object.keys(error.fields).length === 0;
    if (stale) setConflict(true);
    return stale;
  };

  const resolve = async (choice: 'reload' | 'overwrite') => {
    setResolving(true);
    form.clearErrors('root');
    let current: R;
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
    else {
      await form.handleSubmit((values) => {
        save(values, current.version);
      })();
    }
  };

  return {
    version,
    conflict,
    refused,
    resolving,
    reload: () => void resolve('reload'),
    overwrite: () => void resolve('overwrite'),
  };
}
