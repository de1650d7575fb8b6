import fc from 'fast-check';
import type { Json } from './bad-values';

/** The part of JSON Schema (as the OpenAPI document and z.toJSONSchema write it) the fuzz reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: Json;
}

/**
 * Values from the app's own world for a field of this name and schema (real ids, usernames,
 * languages, cities), so generated requests get past "not found" into the code behind it.
 * Undefined: the schema alone decides.
 */
export type Hints = (name: string, schema: JsonSchema) => fc.Arbitrary<Json> | undefined;

export const noHints: Hints = () => undefined;

export const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

const day = (offsetDays: number) => new Date(Date.UTC(2030, 0, 1) + offsetDays * 86_400_000);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 40;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.integer({ min: -400, max: 400 }).map((offset) => day(offset).toISOString().slice(0, 10));
    case 'date-time':
      return fc.integer({ min: -400, max: 400 }).map((offset) => day(offset).toISOString());
    case 'email':
      return fc.emailAddress();
    case undefined:
    default:
  }
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = undefined;
    }
    if (pattern) {
      // The first of a few that fits the length limits, not a filter: one that never passes would hang the run.
      const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
      return fc
        .array(fc.stringMatching(pattern, { size: 'small' }), { minLength: 8, maxLength: 8 })
        .map((candidates) => candidates.find(fits) ?? candidates[0]!.slice(0, maxLength));
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 40)) });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
  const exclusiveMax = schema.exclusiveMaximum === true ? 1 : 0;
  const min =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + 1
      : (schema.minimum ?? -1_000_000) + exclusiveMin;
  const max =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum - 1
      : (schema.maximum ?? 1_000_000) - exclusiveMax;
  if (!integer) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Small values near the floor are the ones real records have (versions, sequences, quantities).
  return fc.oneof(
    fc.integer({ min, max: Math.min(max, min + 3) }),
    fc.integer({ min, max: Math.min(max, min + 1000) }),
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
  );
}

/**
 * Values that satisfy `schema`, or come close: what a well-behaved client would send. Requests
 * start from one of these and `mutated` breaks it in one place.
 */
export function validish(schema: JsonSchema, hints: Hints = noHints, name = ''): fc.Arbitrary<Json> {
  const base = validishBase(schema, hints, name);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function validishBase(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<Json> {
  const hinted = hints(name, schema);
  if (hinted) return fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: plain(schema, hints, name), weight: 1 });
  return plain(schema, hints, name);
}

function plain(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validish(choice, hints, name)));
  if (schema.allOf?.length) {
    const merged = schema.allOf.reduce<JsonSchema>(
      (all, part) => ({
        ...all,
        ...part,
        properties: { ...all.properties, ...part.properties },
        required: [...(all.required ?? []), ...(part.required ?? [])],
      }),
      {},
    );
    return validish(merged, hints, name);
  }
  switch (typeOf(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validish(schema.items ?? {}, hints, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (!keys.length) return fc.constant({});
      // Optional fields are left out more often than not: each one sent is one more that can be refused.
      const required = new Set(schema.required ?? []);
      const fields = keys.map((key) => {
        const value = validish(properties[key]!, hints, key);
        return required.has(key)
          ? value
          : fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: value, weight: 2 });
      });
      return fc
        .tuple(...fields)
        .map(
          (values) =>
            Object.fromEntries(keys.flatMap((key, i) => (values[i] === undefined ? [] : [[key, values[i]]]))) as Json,
        );
    }
    case undefined:
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}
