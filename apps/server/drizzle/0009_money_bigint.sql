-- Money in 64 bits (issue 23): every paise column becomes bigint. An int4 stops at 2,147,483,647
-- paise (₹2.147 crore), which one order of a few ₹1 crore items, a month's sales or one customer's
-- spend can pass. int4 -> int8 keeps every value; each table is rewritten once (one ALTER TABLE
-- per table).
--
-- products.price_paise is generated from the two price columns (0006), and PostgreSQL will not
-- change the type of a column a generated column reads, so it is dropped (its index
-- products_store_price_idx goes with it), the prices widened, and both added back as bigint. The
-- search triggers of 0006/0008 are statement triggers on INSERT/UPDATE/DELETE: DDL does not fire
-- them, and none of their functions reads a price.
ALTER TABLE "products" DROP COLUMN "price_paise";--> statement-breakpoint
ALTER TABLE "products"
  ALTER COLUMN "regular_price_paise" SET DATA TYPE bigint,
  ALTER COLUMN "discounted_price_paise" SET DATA TYPE bigint,
  ADD COLUMN "price_paise" bigint GENERATED ALWAYS AS (coalesce(discounted_price_paise, regular_price_paise)) STORED;--> statement-breakpoint
CREATE INDEX "products_store_price_idx" ON "products" USING btree ("store_id","price_paise");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items"
  ALTER COLUMN "unit_price_paise" SET DATA TYPE bigint,
  ALTER COLUMN "taxable_paise" SET DATA TYPE bigint,
  ALTER COLUMN "cgst_paise" SET DATA TYPE bigint,
  ALTER COLUMN "sgst_paise" SET DATA TYPE bigint,
  ALTER COLUMN "igst_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments"
  ALTER COLUMN "amount_paise" SET DATA TYPE bigint,
  ALTER COLUMN "refunded_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "cod_max_paise" SET DATA TYPE bigint;
