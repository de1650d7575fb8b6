import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { serverFieldMessage } from '../../ui/error-message';

/**
 * The records' schemas (packages/shared) write their problems in English, and the server answers
 * a 400 with the same sentences: one table says them in the reader's language, whichever side
 * found them. Sentences it does not know go through the app's catalogue of server sentences.
 */
const SENTENCES: Record<string, string> = {
  'Required.': 'validation.required',
  'A date such as 2026-12-24.': 'records.form.date',
  'Give both coordinates, or neither.': 'records.places.coordinatesInvalid',
  'Not an ISO 4217 currency.': 'records.things.currencyInvalid',
  'Too large.': 'records.things.priceTooLarge',
  'Not a photo of yours.': 'records.form.photoNotYours',
  'Not a place of yours.': 'records.persons.placeNotYours',
  'That is you.': 'records.persons.usernameSelf',
};

export function recordFieldMessage(message: string): string {
  const key = SENTENCES[message];
  if (key) return i18next.t(key);
  const chars = /^At most (\d+) characters\.$/.exec(message)?.[1];
  if (chars) return i18next.t('validation.maxChars', { count: Number(chars) });
  const many = /^At most (\d+) (?:languages|photos)\.$/.exec(message)?.[1];
  if (many) return i18next.t('records.form.tooMany', { max: Number(many) });
  return serverFieldMessage(message);
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

/** Says a schema's or the server's English sentence in the reader's language. */
export type FieldMessage = (message: string) => string;

/**
 * A form's resolver over the shared schema: the form's values become what the API takes (`toInput`,
 * which may find problems of its own, such as a price that is not one), zodResolver checks them with
 * the very schema the server uses, and each problem is shown on the form field it belongs to, in
 * the words `say` finds for it (another feature's form brings its own sentences).
 */
export function recordResolver<F extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: F) => { input: unknown; problems?: Partial<Record<Path<F>, Problem>> },
  fieldOf: FieldOf<F>,
  say: FieldMessage = recordFieldMessage,
): Resolver<F> {
  const check = zodResolver(schema as never);
  return async (values, context, options) => {
    const { input, problems = {} } = toInput(values);
    const errors: Record<string, FieldError> = {};
    for (const [field, problem] of Object.entries<Problem | undefined>(problems)) {
      if (problem) errors[field] = { type: 'validate', message: i18next.t(problem.key, problem.values ?? {}) };
    }
    const result = await check(input as never, context, { ...options, fields: {}, shouldUseNativeValidation: false });
    for (const [path, message] of leaves(result.errors)) {
      const field = fieldOf(path);
      if (field && !errors[field]) errors[field] = { type: 'validate', message: say(message) };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<F> } : { values, errors: {} };
  };
}

/**
 * Puts the server's field errors (a 400 `validation_failed`, or a check such as "not a place of
 * yours") next to their fields; whether any found its field (else the form says it as a whole).
 */
export function showServerFieldErrors<F extends FieldValues>(
  error: unknown,
  fieldOf: FieldOf<F>,
  setError: (field: Path<F>, error: { type: string; message: string }) => void,
  say: FieldMessage = recordFieldMessage,
): boolean {
  if (!(error instanceof HttpError)) return false;
  let shown = false;
  for (const [apiField, messages] of Object.entries(error.fields)) {
    const field = fieldOf(apiField);
    const message = messages[0];
    if (!field || !message) continue;
    setError(field, { type: 'server', message: say(message) });
    shown = true;
  }
  return shown;
}
