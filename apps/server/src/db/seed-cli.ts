// `npm run seed`: re-creates the demo store and catalogue (users and orders are kept).
import { env } from '../env';
import { openDatabase } from './client';
import { seedCatalogue } from './seed';

const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
try {
  const { storeId, products } = await seedCatalogue(database.db);
  console.log(`Seeded store "${storeId}" with ${products} products (${database.kind}).`);
} finally {
  await database.close();
}
