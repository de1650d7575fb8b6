/**
 * The arguments of a `.refine` for a pair whose two sides must differ (two languages, two ledger
 * accounts): equal values, compared as JSON so a side may be an object, fail with `message` on
 * the second field. A side left out (a patch naming one) is checked elsewhere and passes here.
 */
export function twoSidesDiffer<K extends string>(
  first: K,
  second: K,
  message: string,
): [(input: Partial<Record<K, unknown>>) => boolean, { path: K[]; message: string }] {
  const differ = (input: Partial<Record<K, unknown>>) =>
    input[first] === undefined ||
    input[second] === undefined ||
    JSON.stringify(input[first]) !== JSON.stringify(input[second]);
  return [differ, { path: [second], message }];
}
