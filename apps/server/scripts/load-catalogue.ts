// Loads clones of the demo catalogue into the demo store, to measure the shop at catalogue scale
// (issue 13: 100,000 products; bench/catalogue.mjs measures it). Into PostgreSQL with DATABASE_URL,
// else into PGlite in DATA_DIR (the data folder `npm start` uses; stop the server first).
//
//   npm run catalogue:load -w apps/server                      100,000 clones (added to any there)
//   npm run catalogue:load -w apps/server -- --count 20000 --reset
//   npm run catalogue:load -w apps/server -- --reset --count 0  only remove the clones
//   … -- --search at-end        one store-wide search refresh after the load (see below)
//   (or: node --import tsx apps/server/scripts/load-catalogue.ts …)
//
// Clones have slugs starting 'bulk-' (--reset removes exactly those; `npm run seed` removes them
// too, as it removes every product not in the demo catalogue). Each batch is one transaction. When
// migration 0006's refresh functions exist, its search triggers are deferred and each batch ends
// with refresh_product_search(the batch's ids) (--search per-batch, the default): small statements,
// so the time grows with the count on PGlite too. --search at-end instead rebuilds the whole
// store once after the load (a little faster on PostgreSQL, far slower on PGlite: the
// SearchUpkeep type in bulk-catalogue.service.ts); --search triggers leaves the triggers on.
// Then ANALYZE.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { DataDirLockedError } from '../src/db/lock';
import { seedIfEmpty } from '../src/db/seed';
import { DEFAULT_STORE_ID } from '../src/db/seed-data/store';
import { env } from '../src/env';
import { CATALOGUE_CHANNEL } from '../src/lib/catalogue-bus';
import {
  analyzeCatalogue,
  bulkProduct,
  countBulkProducts,
  hasStoreSearchRefresh,
  insertBulkProducts,
  refreshStoreSearch,
  removeBulkProducts,
  type SearchUpkeep,
} from '../src/modules/products/bulk-catalogue.service';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    reset: { type: 'boolean', default: false },
    batch: { type: 'string', default: '2000' },
    search: { type: 'string', default: 'per-batch' },
  },
});
const count = Number(args.count);
const batchSize = Number(args.batch);
const searchModes: readonly SearchUpkeep[] = ['per-batch', 'at-end', 'triggers'];
const searchMode = searchModes.find((m) => m === args.search);
if (
  !Number.isInteger(count) ||
  count < 0 ||
  !Number.isInteger(batchSize) ||
  batchSize < 1 ||
  !searchMode
) {
  console.error(
    'Usage: load-catalogue [--count 100000] [--reset] [--batch 2000] ' +
      '[--search per-batch|at-end|triggers]',
  );
  process.exit(2);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const started = performance.now();
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
).catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(`${err.message}\nStop the server, then run the loader again.`);
    process.exit(1);
  }
  throw err;
});
const { db } = database;
const where = env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
try {
  if (await seedIfEmpty(db)) console.log('Seeded the demo catalogue into an empty database.');
  const storeId = DEFAULT_STORE_ID;
  // without migration 0006 there is no search data to keep (and no trigger to defer)
  const search: SearchUpkeep = (await hasStoreSearchRefresh(db)) ? searchMode : 'triggers';
  if (args.reset) {
    const t = performance.now();
    const removed = await removeBulkProducts(db, storeId);
    // a per-batch refresh only adds words and labels: drop the removed clones' ones now, while
    // the store is small again
    if (removed > 0 && search === 'per-batch') await refreshStoreSearch(db, storeId);
    console.log(`Removed ${removed} earlier clones in ${seconds(t)} s.`);
  }
  const first = await countBulkProducts(db, storeId);
  const now = new Date();
  const t = performance.now();
  for (let n = first; n < first + count; n += batchSize) {
    const batch = [];
    for (let i = n; i < Math.min(n + batchSize, first + count); i++)
      batch.push(bulkProduct(i, now));
    await insertBulkProducts(db, storeId, batch, now, search);
    const done = n - first + batch.length;
    if (done % 10_000 < batchSize || done === count) {
      console.log(`  ${done} / ${count} products (${seconds(t)} s)`);
    }
  }
  if (count > 0) console.log(`Inserted ${count} clones in ${seconds(t)} s.`);

  if (search === 'at-end') {
    const r = performance.now();
    await refreshStoreSearch(db, storeId);
    console.log(`Search documents, facets and word list rebuilt in ${seconds(r)} s.`);
  }
  const a = performance.now();
  await analyzeCatalogue(db);
  console.log(`ANALYZE in ${seconds(a)} s.`);
  // running servers on the same PostgreSQL forget their cached pages (lib/catalogue-bus.ts)
  if (database.kind === 'postgres') {
    await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'load-catalogue')`);
  }
  const total = await countBulkProducts(db, storeId);
  console.log(
    `${where}: the demo store now has ${total} clones (slug bulk-…) besides its own products; ` +
      `${seconds(started)} s in all.`,
  );
} finally {
  await database.close();
}
