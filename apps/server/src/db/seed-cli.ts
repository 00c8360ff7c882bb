// `npm run seed`: re-creates the demo store and catalogue (users and orders are kept).
import { env } from '../env';
import { openDatabase } from './client';
import { DataDirLockedError } from './lock';
import { seedCatalogue } from './seed';

const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
).catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(`${err.message}\nStop the server, then run npm run seed again.`);
    process.exit(1);
  }
  throw err;
});
try {
  const { storeId, products } = await seedCatalogue(database.db);
  console.log(`Seeded store "${storeId}" with ${products} products (${database.kind}).`);
} finally {
  await database.close();
}
