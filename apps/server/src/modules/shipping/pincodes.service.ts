import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizePin, pinCodePattern, type PinPlace } from '@store/contracts/delivery';
import { serverRoot } from '../../env';

/** data/india-pincodes.json as built by scripts/build-pincodes.mjs (see data/README.md). */
interface PinTable {
  package: string;
  published: string;
  places: [district: string, state: string][];
  pins: Record<string, number | number[]>;
}

// from the package folder, not this file's: the compiled server (dist/server.js) reads it too
const tableFile = join(serverRoot, 'src/modules/shipping/data/india-pincodes.json');
let table: PinTable | undefined;

/**
 * The table, read on the first look-up rather than at start-up: ~260 KB that a server which
 * never sees a checkout (a test, the operator CLI) need not parse.
 */
function pinTable(): PinTable {
  table ??= JSON.parse(readFileSync(tableFile, 'utf8')) as PinTable;
  return table;
}

/** Which source and date the table is from, for the decision record's claims and the tests. */
export function pinTableSource(): { package: string; published: string; pinCount: number } {
  const t = pinTable();
  return { package: t.package, published: t.published, pinCount: Object.keys(t.pins).length };
}

/** Where a PIN is ("560 038" accepted), or null when it is malformed or India Post has no such PIN. */
export function findPin(input: string): PinPlace | null {
  const pin = normalizePin(input);
  if (!pinCodePattern.test(pin)) return null;
  const t = pinTable();
  const entry = t.pins[pin];
  if (entry === undefined) return null;
  const places = (Array.isArray(entry) ? entry : [entry]).map((i) => t.places[i]!);
  const [district, state] = places[0]!;
  return { pin, district, state, states: places.map(([, s]) => s) };
}
