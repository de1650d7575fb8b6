import i18next from 'i18next';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldMessageOf, schemaResolver, type FieldOf, type Problem } from './schema-form';

export type { FieldOf, Problem } from './schema-form';

/** The records' own sentences, in the reader's language (ui/schema-form.ts says the shared ones). */
const sharedAndOwn = fieldMessageOf({
  'A date such as 2026-12-24.': 'records.form.date',
  'Give both coordinates, or neither.': 'records.places.coordinatesInvalid',
  'Not an ISO 4217 currency.': 'records.things.currencyInvalid',
  'Too large.': 'records.things.priceTooLarge',
  'Not a photo of yours.': 'records.form.photoNotYours',
  'Not a place of yours.': 'records.persons.placeNotYours',
  'That is you.': 'records.persons.usernameSelf',
});

export function recordFieldMessage(message: string): string {
  const many = /^At most (\d+) (?:languages|photos)\.$/.exec(message)?.[1];
  if (many) return i18next.t('records.form.tooMany', { max: Number(many) });
  return sharedAndOwn(message);
}

/** A record form's resolver over its shared schema (ui/schema-form.ts), in the records' words. */
export function recordResolver<F extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: F) => { input: unknown; problems?: Partial<Record<Path<F>, Problem>> },
  fieldOf: FieldOf<F>,
): Resolver<F> {
  return schemaResolver(schema, toInput, fieldOf, recordFieldMessage);
}
