import fc from 'fast-check';
import type { World } from './fixtures';
import type { Hints, JsonSchema } from './json-schema-arbitrary';

/** The world's records as values for fields and paths, so requests reach past "not found". */

const LANGUAGES = ['en', 'es', 'fr', 'pt', 'it', 'de', 'ja', 'zh', 'ar'];

/** A pattern for language codes (it takes `en` and `pt-br`, not `EN`). */
function isLanguagePattern(pattern: string | undefined): boolean {
  if (!pattern) return false;
  const re = new RegExp(pattern);
  return re.test('en') && re.test('pt-br') && !re.test('EN') && !re.test('english');
}

/** Real ids for a field such as `photoId` or `metPlaceId`: those of the collection its name ends with. */
function idsForField(world: World, name: string): string[] {
  const base = name.replace(/Ids?$/, '').toLowerCase();
  const kinds = [...world.idsByKind.keys()].filter((kind) => base.endsWith(kind.split('/').at(-1)!.replace(/s$/, '')));
  return kinds.flatMap((kind) => world.idsByKind.get(kind) ?? []);
}

export interface HintOptions {
  /** Always the first real id of a field's collection (the member's own record): for probes. */
  first?: boolean;
  /** Ids to use for a collection instead of the world's (a guest's own conversation). */
  kinds?: Record<string, string[]>;
}

/** Field values from the world by field name: real ids, usernames, languages, cities, currencies. */
export function worldHints(world: World, options: HintOptions = {}): Hints {
  const anyId = fc.constantFrom(...world.ids);
  const view: World = options.kinds
    ? { ...world, idsByKind: new Map([...world.idsByKind, ...Object.entries(options.kinds)]) }
    : world;
  return (name: string, schema: JsonSchema) => {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'string' && schema.format === 'uuid') {
      if (/^client/i.test(name)) return undefined;
      const own = idsForField(view, name);
      if (options.first) return fc.constant(own[0] ?? world.ids[0]!);
      return own.length ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 4 }, anyId) : anyId;
    }
    if (type === 'string' && isLanguagePattern(schema.pattern)) return fc.constantFrom(...LANGUAGES);
    if (type === 'string' && /username|^members$|^owner$/i.test(name)) {
      return options.first ? fc.constant(world.usernames[0]!) : fc.constantFrom(...world.usernames);
    }
    if (type === 'string' && /currency/i.test(name)) return fc.constantFrom('EUR', 'USD', 'JPY', 'eur');
    if (type === 'string' && schema.pattern === '^[A-Z0-9]{6}$' && world.joinCodes.length)
      return fc.constantFrom(...world.joinCodes);
    if (type === 'integer' && /city|travellingTo/i.test(name) && world.cityIds.length)
      return fc.constantFrom(...world.cityIds);
    return undefined;
  };
}

/**
 * Real values for a path parameter: for `{id}`, the ids of the collection the path names first,
 * then any id. Writes never name the actors' own accounts in their path, so the fuzz cannot
 * suspend, reset or sign out the sessions it sends with.
 */
export function realPathValues(world: World, path: string, name: string, method: string): [string[], string[]] {
  const write = method !== 'GET';
  const allowed = (ids: string[]) => (write ? ids.filter((id) => !world.actorIds.includes(id)) : ids);
  switch (name) {
    case 'id':
      return [
        allowed(world.idsByKind.get(path.slice('/api/'.length, path.indexOf('/{id}'))) ?? []),
        allowed(world.ids),
      ];
    case 'sessionId':
      return [world.sessionIds, []];
    case 'username':
      return [
        write ? world.usernames.filter((u) => u !== world.member.username && u !== 'admin') : world.usernames,
        [],
      ];
    case 'slug':
      return [world.tenantSlugs, []];
    default:
      return [[], []];
  }
}
