import fc from 'fast-check';
import { badValueFor, isPoisonChar, POISON_NUMBERS, POISON_STRINGS, shorten, type Json } from './bad-values';
import { noHints, typeOf, validish, type Hints, type JsonSchema } from './json-schema-arbitrary';

/**
 * Valid-ish values broken on purpose: in one place (a field replaced, removed, wrapped, an unknown
 * one added) or everywhere at once (the same poison in all free text, or in all numbers).
 */

/** A place in a value: the keys and indexes down to it, with the schema that describes it there. */
interface Spot {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every place in `value` a mutation can hit, and the declared properties not sent. */
function spots(value: Json, schema: JsonSchema, path: (string | number)[] = []): Spot[] {
  const found: Spot[] = [{ path, schema }];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  const described = branch && !schema.properties && !schema.items ? branch : schema;
  if (Array.isArray(value)) {
    value.forEach((item, i) => found.push(...spots(item, described.items ?? {}, [...path, i])));
  } else if (value !== null && typeof value === 'object') {
    const properties = described.properties ?? {};
    for (const key of new Set([...Object.keys(value), ...Object.keys(properties)])) {
      const inner = value[key];
      const innerSchema = properties[key] ?? {};
      if (inner === undefined) found.push({ path: [...path, key], schema: innerSchema });
      else found.push(...spots(inner, innerSchema, [...path, key]));
    }
  }
  return found;
}

export type Mutation = 'replace' | 'remove' | 'unknown-field' | 'wrap-in-array' | 'every-text' | 'every-number';

/** What was done to a valid-ish value, for the report: the place and how. */
export interface Mutated {
  value: Json;
  note: string;
}

/**
 * A valid-ish value for `schema` broken in one place: one field (at any depth, sent or not)
 * replaced by a bad value of its type or another, a field removed, an unknown field added, or a
 * value wrapped in an array.
 */
export function mutated(schema: JsonSchema, hints: Hints = noHints): fc.Arbitrary<Mutated> {
  return validish(schema, hints).chain((value) =>
    fc
      .record({
        spot: fc.constantFrom(...spots(value, schema)),
        how: fc.constantFrom<Mutation>(
          'replace',
          'replace',
          'replace',
          'remove',
          'unknown-field',
          'wrap-in-array',
          'every-text',
          'every-number',
        ),
        unknownKey: fc.constantFrom('unknownField', 'unknown\u0000field', '__proto__', '\uD800'),
        fit: fc.boolean(),
      })
      .chain(({ spot, how, unknownKey, fit }) => {
        if (how === 'every-text' || how === 'every-number') {
          const poison = how === 'every-text' ? fc.constantFrom(...POISON_STRINGS) : fc.constantFrom(...POISON_NUMBERS);
          return poison.map((bad) => everywhere(value, spots(value, schema), how, bad));
        }
        const bad = badValueFor(typeOf(spot.schema)).map((b) => (fit ? fitTo(b, spot.schema) : b));
        return bad.map((b) => mutate(value, spot.path, how, b, unknownKey));
      }),
  );
}

/** Free text: a string the schema does not pin to a format, a pattern or a list. */
export const isFreeText = (schema: JsonSchema) =>
  typeOf(schema) === 'string' && !schema.format && !schema.pattern && !schema.enum && schema.const === undefined;
export const isNumber = (schema: JsonSchema) => typeOf(schema) === 'integer' || typeOf(schema) === 'number';

export type Poisoning = 'every-text' | 'every-number';
const poisonable = (how: Poisoning) => (how === 'every-text' ? isFreeText : isNumber);

/** Whether a value of `schema` has any free text (or any number) to poison, at any depth. */
export function hasPoisonable(schema: JsonSchema, how: Poisoning): boolean {
  if (poisonable(how)(schema)) return true;
  const inner = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return inner.some((s) => hasPoisonable(s, how));
}

/** A bad string cut or padded to the field's length limits (keeping its bad part), so a limit is not what refuses it. */
export function fitTo(bad: Json, schema: JsonSchema): Json {
  if (typeof bad !== 'string' || typeOf(schema) !== 'string') return bad;
  let text = bad;
  const max = schema.maxLength ?? Infinity;
  if (text.length > max) {
    let start = 0;
    while (start < text.length && !isPoisonChar(text.charCodeAt(start))) start++;
    const from = Math.min(start === text.length ? 0 : start, text.length - max);
    text = text.slice(from, from + max);
  }
  return text.padEnd(schema.minLength ?? 0, 'x');
}

/** The same poison in every free-text field (or every number), sent or not: all else stays valid. */
function everywhere(value: Json, places: Spot[], how: Poisoning, bad: Json): Mutated {
  const hit = places.filter((p) => p.path.length && poisonable(how)(p.schema));
  if (!hit.length) return { value, note: `valid-ish body (no ${how === 'every-text' ? 'free text' : 'numbers'})` };
  const copy = structuredClone(value);
  for (const { path, schema } of hit) {
    let parent = copy as Record<string | number, Json>;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
    parent[path.at(-1)!] = fitTo(bad, schema);
  }
  return { value: copy, note: `${hit.map((p) => p.path.join('.')).join(', ')} = ${shorten(bad)}` };
}

/** The top-level fields of an object schema that hold free text (or a number). */
export function poisonableFields(schema: JsonSchema, how: Poisoning): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, field]) => poisonable(how)(field))
    .map(([key]) => key);
}

/** A valid-ish object with `bad` in one top-level field, sent or not. */
export function poisonedField(schema: JsonSchema, hints: Hints, key: string, bad: Json): fc.Arbitrary<Mutated> {
  const field = schema.properties?.[key] ?? {};
  return validish(schema, hints).map((value) => ({
    value: { ...(value as Record<string, Json>), [key]: fitTo(bad, field) },
    note: `${key} = ${shorten(bad)}`,
  }));
}

/** A valid-ish value with `bad` in every free-text field (or every number) of it. */
export function poisoned(schema: JsonSchema, hints: Hints, how: Poisoning, bad: Json): fc.Arbitrary<Mutated> {
  return validish(schema, hints).map((value) => everywhere(value, spots(value, schema), how, bad));
}

function mutate(value: Json, path: (string | number)[], how: Mutation, bad: Json, unknownKey: string): Mutated {
  const where = path.join('.') || '(body)';
  const at = (change: (parent: Record<string | number, Json>, key: string | number) => void): Json => {
    const copy = structuredClone(value);
    let parent = copy as Record<string | number, Json>;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
    change(parent, path.at(-1)!);
    return copy;
  };
  if (path.length && how === 'replace') {
    return { value: at((parent, key) => (parent[key] = bad)), note: `${where} = ${shorten(bad)}` };
  }
  if (path.length && how === 'remove') {
    return { value: at((parent, key) => Reflect.deleteProperty(parent, key)), note: `${where} removed` };
  }
  if (path.length && how === 'wrap-in-array') {
    return { value: at((parent, key) => (parent[key] = [parent[key] ?? null])), note: `${where} wrapped in []` };
  }
  if (how === 'unknown-field' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { value: { ...value, [unknownKey]: bad }, note: `unknown field ${shorten(unknownKey)} = ${shorten(bad)}` };
  }
  return { value: bad, note: `body = ${shorten(bad)}` };
}
