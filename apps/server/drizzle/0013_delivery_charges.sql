ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "delivery_rates" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "free_delivery_above_paise" bigint;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cod_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_sku_uq" ON "products" USING btree ("store_id",lower("sku")) WHERE "products"."sku" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams_ck" CHECK ("products"."weight_grams" >= 0);