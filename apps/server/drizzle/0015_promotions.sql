CREATE TABLE "discount_uses" (
	"discount_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"user_id" uuid,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_uses_discount_id_order_id_pk" PRIMARY KEY("discount_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"code" text,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer,
	"amount_paise" bigint,
	"buy_quantity" integer,
	"get_quantity" integer,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_order_paise" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_kind_ck" CHECK ("discounts"."kind" in ('percentage', 'fixed', 'free_delivery', 'buy_x_get_y')),
	CONSTRAINT "discounts_applies_to_ck" CHECK ("discounts"."applies_to" in ('all', 'categories', 'products')),
	CONSTRAINT "discounts_percent_ck" CHECK ("discounts"."percent_bp" is null or "discounts"."percent_bp" between 1 and 10000),
	CONSTRAINT "discounts_amount_ck" CHECK ("discounts"."amount_paise" is null or "discounts"."amount_paise" > 0),
	CONSTRAINT "discounts_limits_ck" CHECK (("discounts"."usage_limit" is null or "discounts"."usage_limit" >= 1) and ("discounts"."per_customer_limit" is null or "discounts"."per_customer_limit" >= 1))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_tax" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_uses_discount_user_idx" ON "discount_uses" USING btree ("discount_id","user_id");--> statement-breakpoint
CREATE INDEX "discount_uses_order_idx" ON "discount_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_store_code_uq" ON "discounts" USING btree ("store_id","code");--> statement-breakpoint
CREATE INDEX "discounts_store_automatic_idx" ON "discounts" USING btree ("store_id") WHERE "discounts"."code" is null and "discounts"."active";--> statement-breakpoint
-- orders placed before promotions had no discount nor delivery charge: their subtotal is their total
UPDATE "orders" SET "subtotal_paise" = "total_paise";