const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be a uuid column's value: an id from outside (a link, a list of ids, a
 * token's claim) is checked before it joins others in one query, where one bad id would fail them all.
 */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * Checked uuids as one array parameter in PostgreSQL's text form (`{a,b}`), for a statement whose
 * parameters are written out as literals (executePrepared on PGlite) and so cannot carry an array.
 */
export function uuidArray(ids: readonly string[]): string {
  if (!ids.every(isUuid)) throw new Error('uuidArray takes checked uuids only');
  return `{${ids.join(',')}}`;
}
