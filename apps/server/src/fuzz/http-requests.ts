import fc from 'fast-check';
import {
  anyBadValue,
  BAD_HEADER_VALUES,
  BAD_NUMBERS,
  BAD_PATH_SEGMENTS,
  BAD_QUERY_STRINGS,
  BAD_STRINGS,
  deeplyNested,
  percentEncode,
  POISON_NUMBERS,
  POISON_STRINGS,
  shorten,
  type Json,
} from './bad-values';
import { validish, type Hints } from './json-schema-arbitrary';
import { hasPoisonable, isFreeText, isNumber, mutated, poisoned, poisonableFields, poisonedField } from './mutations';
import type { Operation, Parameter } from './openapi-operations';
import {
  malformedJson,
  MULTIPART_WITHOUT_BOUNDARY,
  multipartBodies,
  wrongContentType,
  type BodyPlan,
} from './raw-bodies';

/** One request to send, and what is wrong with it, for the report. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  note: string;
}

export interface RequestWorld {
  hints: Hints;
  /** Hints that always give a collection's first record (the member's own): what probes use. */
  firstHints: Hints;
  /**
   * Real values for a path parameter (ids of records that exist): those of the collection the
   * path names, and others; either list may be empty.
   */
  pathValues: (path: string, name: string, method: string) => [string[], string[]];
}

interface Part {
  text: string;
  note?: string;
}

const asText = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value));

function pathSegment(operation: Operation, param: Parameter, world: RequestWorld): fc.Arbitrary<Part> {
  const [own, others] = world.pathValues(operation.path, param.name, operation.method);
  // Made up without hints: the hints name real records, the actors' own accounts among them.
  const made = validish(param.schema, undefined, param.name).map((v): Part => ({ text: percentEncode(asText(v)) }));
  const real = (values: string[]) =>
    values.length ? fc.constantFrom(...values).map((text): Part => ({ text })) : made;
  return fc.oneof(
    ...(own.length ? [{ weight: 5, arbitrary: real(own) }] : []),
    { weight: 2, arbitrary: real(others) },
    { weight: 2, arbitrary: made },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...BAD_PATH_SEGMENTS)
        .map((text): Part => ({ text, note: `{${param.name}}=${shorten(text, 40)}` })),
    },
  );
}

const badQueryValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...POISON_STRINGS, ...POISON_NUMBERS.map(String)), weight: 2 },
  fc.constantFrom(...BAD_STRINGS),
  fc.constantFrom(...BAD_NUMBERS).map(String),
  fc.constantFrom('[]', '{}', 'a,b', ''),
);

function queryString(params: Parameter[], world: RequestWorld): fc.Arbitrary<Part> {
  const pair = (name: string, value: string) => `${percentEncode(name)}=${percentEncode(value)}`;
  const valid = params.map((p) =>
    fc.option(validish(p.schema, world.hints, p.name).map(asText), { nil: undefined, freq: p.required ? 10 : 2 }),
  );
  const validPairs = fc
    .tuple(...valid)
    .map((values) => values.flatMap((value, i) => (value === undefined ? [] : [pair(params[i]!.name, value)])));
  const names = params.map((p) => p.name);
  const oneBad = fc
    .record({ pairs: validPairs, name: fc.constantFrom(...names, 'unknown'), bad: badQueryValue })
    .map(({ pairs, name, bad }): Part => ({
      text: [...pairs.filter((p) => !p.startsWith(`${percentEncode(name)}=`)), pair(name, bad)].join('&'),
      note: `?${name}=${shorten(bad, 40)}`,
    }));
  const raw = fc.constantFrom(...BAD_QUERY_STRINGS).map((text): Part => ({ text, note: `query ${shorten(text, 40)}` }));
  if (!params.length) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<Part>({ text: '' }) },
      { weight: 2, arbitrary: raw },
      { weight: 2, arbitrary: oneBad },
    );
  }
  const allBad = badQueryValue.map((bad): Part => ({
    text: names.map((name) => pair(name, bad)).join('&'),
    note: `every query parameter = ${shorten(bad, 40)}`,
  }));
  const repeated = fc
    .record({ pairs: validPairs, name: fc.constantFrom(...names), bad: badQueryValue })
    .map(({ pairs, name, bad }): Part => ({
      text: [...pairs, pair(name, '1'), pair(name, bad)].join('&'),
      note: `?${name} repeated`,
    }));
  return fc.oneof(
    { weight: 3, arbitrary: validPairs.map((pairs): Part => ({ text: pairs.join('&') })) },
    { weight: 4, arbitrary: oneBad },
    { weight: 2, arbitrary: allBad },
    { weight: 1, arbitrary: repeated },
    { weight: 1, arbitrary: raw },
  );
}

function bodyPlan(operation: Operation, world: RequestWorld): fc.Arbitrary<BodyPlan> {
  const json =
    (note: string) =>
    (value: Json): BodyPlan => ({
      payload: JSON.stringify(value),
      contentType: 'application/json',
      note: note || `body = ${shorten(value, 60)}`,
    });
  const none = fc.constant<BodyPlan>({ note: '' });
  const schema = operation.body;
  if (schema) {
    const fields = Object.keys(schema.properties ?? {});
    return fc.oneof(
      { weight: 2, arbitrary: validish(schema, world.hints).map(json('valid-ish body')) },
      { weight: 10, arbitrary: mutated(schema, world.hints).map((m) => json(m.note)(m.value)) },
      { weight: 2, arbitrary: anyBadValue.map(json('')) },
      { weight: 2, arbitrary: malformedJson(fields) },
      { weight: 2, arbitrary: wrongContentType(validish(schema, world.hints)) },
      { weight: 1, arbitrary: multipartBodies },
      { weight: 1, arbitrary: none.map((): BodyPlan => ({ note: 'no body' })) },
    );
  }
  if (operation.method === 'GET' || operation.method === 'HEAD') {
    return fc.oneof(
      { weight: 8, arbitrary: none },
      { weight: 1, arbitrary: anyBadValue.map(json('')) },
      { weight: 1, arbitrary: malformedJson([]) },
    );
  }
  // No JSON body documented: uploads take multipart, webhooks raw bytes, actions nothing at all.
  return fc.oneof(
    { weight: 3, arbitrary: none },
    { weight: 4, arbitrary: multipartBodies },
    { weight: 1, arbitrary: anyBadValue.map(json('')) },
    {
      weight: 1,
      arbitrary: fc.constant({ deep: deeplyNested(1000, 'object') }).map(json('deeply nested body')),
    },
    { weight: 1, arbitrary: malformedJson([]) },
    { weight: 1, arbitrary: wrongContentType(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>) },
  );
}

function headerParams(params: Parameter[], world: RequestWorld): fc.Arbitrary<Record<string, string>> {
  const values = params.map((p) =>
    fc.option(fc.oneof(validish(p.schema, world.hints, p.name).map(asText), fc.constantFrom(...BAD_HEADER_VALUES)), {
      nil: undefined,
    }),
  );
  return fc
    .tuple(...values)
    .map((chosen) =>
      Object.fromEntries(chosen.flatMap((value, i) => (value === undefined ? [] : [[params[i]!.name, value]]))),
    );
}

function pathOf(operation: Operation, segment: (param: Parameter) => fc.Arbitrary<Part>): fc.Arbitrary<Part[]> {
  return fc.tuple(...operation.params.filter((p) => p.in === 'path').map(segment));
}

function assemble(
  operation: Operation,
  parts: {
    path: fc.Arbitrary<Part[]>;
    query: fc.Arbitrary<Part>;
    headers: fc.Arbitrary<Record<string, string>>;
    body: fc.Arbitrary<BodyPlan>;
  },
): fc.Arbitrary<FuzzRequest> {
  const names = operation.params.filter((p) => p.in === 'path').map((p) => p.name);
  return fc.record(parts).map(({ path, query, headers, body }): FuzzRequest => {
    const url = names.reduce((text, name, i) => text.replace(`{${name}}`, path[i]!.text), operation.path);
    const note = [...path.map((p) => p.note), query.note, body.note].filter(Boolean).join('; ') || 'valid-ish request';
    return {
      method: operation.method,
      url: query.text ? `${url}?${query.text}` : url,
      headers: { ...headers, ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}) },
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      note,
    };
  });
}

/** Requests for one operation: its path, query, headers and body, each valid-ish or broken. */
export function requestsFor(operation: Operation, world: RequestWorld): fc.Arbitrary<FuzzRequest> {
  return assemble(operation, {
    path: pathOf(operation, (p) => pathSegment(operation, p, world)),
    query: queryString(
      operation.params.filter((p) => p.in === 'query'),
      world,
    ),
    headers: headerParams(
      operation.params.filter((p) => p.in === 'header'),
      world,
    ),
    body: bodyPlan(operation, world),
  });
}

const NUL_TEXT = 'a\u0000b';
const PAST_INT4 = 2 ** 31;

/**
 * The requests every operation gets whatever the sampling draws, each aimed at a real record of
 * the operation's own collection (the `variant`-th: the member's own come first): NUL in every
 * free-text body field and query parameter, 2^31 in every number, each alone and all at once, an
 * empty object, multipart without a boundary. Everything else is valid-ish.
 */
export function probesFor(operation: Operation, world: RequestWorld, variant = 0): fc.Arbitrary<FuzzRequest>[] {
  const path = pathOf(operation, (param) => {
    const [own, others] = world.pathValues(operation.path, param.name, operation.method);
    const real = own.length ? own : others;
    return real.length
      ? fc.constant<Part>({ text: real[variant % real.length]! })
      : validish(param.schema, undefined, param.name).map((v): Part => ({ text: percentEncode(asText(v)) }));
  });
  const noQuery = fc.constant<Part>({ text: '' });
  const headers = fc.constant({});
  const json = (value: Json, note: string): BodyPlan => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
    note,
  });
  const schema = operation.body;
  const validBody = schema
    ? validish(schema, world.firstHints).map((v) => json(v, ''))
    : fc.constant<BodyPlan>({ note: '' });
  const probes: { query?: fc.Arbitrary<Part>; body?: fc.Arbitrary<BodyPlan> }[] = [];
  const poisons = [
    ['every-text', NUL_TEXT],
    ['every-number', PAST_INT4],
  ] as const;
  if (schema) {
    for (const [how, bad] of poisons) {
      if (!hasPoisonable(schema, how)) continue;
      probes.push({ body: poisoned(schema, world.firstHints, how, bad).map((m) => json(m.value, m.note)) });
      // Each field alone as well: another field's refusal cannot hide it.
      for (const key of poisonableFields(schema, how)) {
        probes.push({ body: poisonedField(schema, world.firstHints, key, bad).map((m) => json(m.value, m.note)) });
      }
    }
    probes.push({ body: fc.constant(json({}, 'body {}')) });
  } else if (operation.method !== 'GET') {
    probes.push({ body: fc.constant(MULTIPART_WITHOUT_BOUNDARY) });
  }
  // Each query parameter alone, the others left out.
  for (const param of operation.params.filter((p) => p.in === 'query')) {
    const bad = isFreeText(param.schema) ? NUL_TEXT : isNumber(param.schema) ? String(PAST_INT4) : undefined;
    if (bad !== undefined) {
      probes.push({
        query: fc.constant({ text: `${param.name}=${percentEncode(bad)}`, note: `?${param.name}=${shorten(bad)}` }),
      });
    }
  }
  return probes.map((probe) =>
    assemble(operation, { path, headers, query: probe.query ?? noQuery, body: probe.body ?? validBody }),
  );
}
