import { zodResolver } from '@hookform/resolvers/zod';
import i18next, { type TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '../lib/http-error';
import { errorMessage, serverFieldMessage } from './error-message';

/**
 * Forms checked with the shared schemas (packages/shared): those write their problems in English,
 * and the server answers a 400 with the same sentences, so each feature keeps one table saying its
 * sentences in the reader's language, whichever side found them.
 */

/** An English sentence of a schema or of the server, in the reader's language. */
export type FieldMessage = (message: string) => string;

/**
 * The sentences every schema shares ("Required.", "At most 64 characters."), then the feature's
 * own (`sentences`: sentence to interface key), then the app's catalogue of server sentences.
 */
export function fieldMessageOf(sentences: Record<string, string>): FieldMessage {
  return (message) => {
    if (message === 'Required.') return i18next.t('validation.required');
    const key = sentences[message];
    if (key) return i18next.t(key);
    const [, bound, count] = /^At (least|most) (\d+) characters\.$/.exec(message) ?? [];
    if (bound && count) {
      return i18next.t(bound === 'least' ? 'validation.minChars' : 'validation.maxChars', { count: Number(count) });
    }
    return serverFieldMessage(message);
  };
}

/** A problem a form finds before the schema does, as an interface key and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** Maps a field the API names (`photoId`, `languages.3`, `cityId`) to the form field that shows it. */
export type FieldOf<F extends FieldValues> = (apiField: string) => Path<F> | undefined;

/** The first problem of each API field in a nested error tree, as `[path, message]`. */
function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (!tree || typeof tree !== 'object') return [];
  const node = tree as Record<string, unknown>;
  if (typeof node.message === 'string') return [[prefix, node.message]];
  return Object.entries(node).flatMap(([key, child]) =>
    key === 'ref' ? [] : leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * A form's resolver over a shared schema: the form's values become what the API takes (`toInput`,
 * which may find problems of its own, such as a price that is not one), zodResolver checks them with
 * the very schema the server uses, and each problem is shown on the form field it belongs to.
 */
export function schemaResolver<F extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: F) => { input: unknown; problems?: Partial<Record<Path<F>, Problem>> },
  fieldOf: FieldOf<F>,
  message: FieldMessage,
): Resolver<F> {
  const check = zodResolver(schema as never);
  return async (values, context, options) => {
    const { input, problems = {} } = toInput(values);
    const errors: Record<string, FieldError> = {};
    for (const [field, problem] of Object.entries<Problem | undefined>(problems)) {
      if (problem) errors[field] = { type: 'validate', message: i18next.t(problem.key, problem.values ?? {}) };
    }
    const result = await check(input as never, context, { ...options, fields: {}, shouldUseNativeValidation: false });
    for (const [path, text] of leaves(result.errors)) {
      const field = fieldOf(path);
      if (field && !errors[field]) errors[field] = { type: 'validate', message: message(text) };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<F> } : { values, errors: {} };
  };
}

/**
 * Puts the server's field errors (a 400 `validation_failed`, or a check such as "not a place of
 * yours" or "this username is taken") next to their fields; whether any found its field (else
 * the form says it as a whole).
 */
export function showServerFieldErrors<F extends FieldValues>(
  error: unknown,
  fieldOf: FieldOf<F>,
  setError: (field: Path<F>, error: { type: string; message: string }) => void,
  message: FieldMessage,
): boolean {
  if (!(error instanceof HttpError)) return false;
  let shown = false;
  for (const [apiField, messages] of Object.entries(error.fields)) {
    const field = fieldOf(apiField);
    const first = messages[0];
    if (!field || !first) continue;
    setError(field, { type: 'server', message: message(first) });
    shown = true;
  }
  return shown;
}

/** A failed save said where it belongs: the server's field errors on their fields, else for the form as a whole. */
export function showSaveError<F extends FieldValues>(
  error: unknown,
  fieldOf: FieldOf<F>,
  setError: UseFormSetError<F>,
  message: FieldMessage,
  t: TFunction,
): void {
  if (!showServerFieldErrors(error, fieldOf, setError, message)) {
    setError('root', { type: 'server', message: errorMessage(error, t) });
  }
}
