ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "max_open_orders" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "max_held_units" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cod_confirm_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
-- cash-on-delivery orders placed before staff confirmation existed count as confirmed: the shop
-- already promised them, and the new expiry must not cancel them (docs/decisions/fair-stock.md)
UPDATE "orders" SET "cod_confirmed_at" = now() WHERE "cod_status" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_cod_unconfirmed_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."cod_status" = 'to_collect' and "orders"."cod_confirmed_at" is null;