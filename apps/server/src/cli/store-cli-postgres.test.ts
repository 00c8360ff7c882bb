/**
 * Issue 24: an order cancelled with `npm run store -- order <id> cancel` on PostgreSQL returns its
 * stock, and a server running on that database shows the product back within a second: the
 * command announces through the servers' catalogue bus (lib/catalogue-bus.ts). Needs
 * TEST_DATABASE_URL: on the embedded database the command asks the running server, which
 * announces itself (store-cli.test.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env, serverRoot } from '../env';
import { postgresCatalogueBus, type CatalogueBus } from '../lib/catalogue-bus';
import { setStock } from '../test/stock';
import {
  createTestApp,
  placeTestOrder,
  plainProducts,
  registerAndLogin,
  type TestApp,
} from '../test/test-app';

if (!env.TEST_DATABASE_URL)
  console.warn('store-cli-postgres.test.ts skipped: TEST_DATABASE_URL is unset');

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(Boolean(env.TEST_DATABASE_URL))(
  'a cancel from the command line on PostgreSQL',
  () => {
    let writer: TestApp;
    let shop: TestApp;
    let bus: CatalogueBus;
    beforeAll(async () => {
      writer = await createTestApp();
      // the running server: its product list is cached, and it listens to the catalogue bus
      bus = await postgresCatalogueBus({ connectionString: writer.databaseUrl! });
      shop = await createTestApp({ catalogueBus: bus }, { sameDatabaseAs: writer });
    }, 60_000);
    afterAll(async () => {
      await shop?.close();
      await bus?.close();
      await writer?.close();
    });

    it('shows the returned stock in a running server within a second', async () => {
      const [product] = await plainProducts(shop.app, 1);
      await setStock(writer.db, product!.id, 1);
      const listed = async () => {
        const res = await shop.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
        return (
          res.json().data as {
            id: string;
            regularPrice: number;
            availability: { status: string };
          }[]
        ).find((p) => p.id === product!.id)!;
      };
      // the last unit sold through the server: it shows the product sold out
      const shopper = await registerAndLogin(shop.app);
      // (the first plain product, as the server's cached list still shows it in stock)
      const { id: orderId } = await placeTestOrder(shop.app, shopper.token, 1);
      expect((await listed()).availability.status).toBe('sold_out');

      // the list really is answered from the cache: a change behind its back stays unseen, so
      // only an announcement can show the cancel below in time
      await writer.db.execute(
        sql`UPDATE products SET regular_price_paise = regular_price_paise + 500 WHERE id = ${product!.id}`,
      );
      await sleep(300);
      expect((await listed()).regularPrice).toBe(product!.regularPrice);

      const cli = await run(
        process.execPath,
        ['--import', 'tsx', 'src/cli/store.ts', 'order', orderId, 'cancel'],
        {
          cwd: serverRoot,
          env: { ...process.env, DATABASE_URL: writer.databaseUrl, LOG_LEVEL: 'warn' },
          timeout: 60_000,
        },
      );
      const done = performance.now();
      expect(cli.stderr).toBe('');
      expect(cli.stdout).toContain('Cancelled');

      let shown = await listed();
      while (shown.availability.status === 'sold_out' && performance.now() - done < 5000) {
        await sleep(20);
        shown = await listed();
      }
      // the unit is back ("only 1 left"), and the whole cache was dropped (the new price shows)
      expect(shown.availability).toEqual({ status: 'low_stock', left: 1 });
      expect(shown.regularPrice).toBe(product!.regularPrice + 5);
      expect(performance.now() - done).toBeLessThan(1000);
    }, 90_000);
  },
);
