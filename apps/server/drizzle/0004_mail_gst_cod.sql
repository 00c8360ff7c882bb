CREATE TABLE "document_counters" (
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "document_counters_store_id_kind_financial_year_pk" PRIMARY KEY("store_id","kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_address" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"subject" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"refund_id" text,
	"total_paise" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"pdf" "bytea",
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cgst_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sgst_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "igst_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_status" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '4820' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gst_state" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "dispatch_pin" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "delivery_zones" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cod_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cod_max_paise" integer DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cod_pin_prefixes" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_uq" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("store_id","kind","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_uq" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
-- GST for products that existed before this migration, by category (rates from 22 September 2025;
-- docs/decisions/gst-invoices.md): the owner corrects any single product in the back office.
UPDATE "products" SET "hsn_code" = CASE lower(coalesce("category", ''))
    WHEN 'magazines' THEN '4902'
    WHEN 'paper' THEN '4802'
    WHEN 'ink' THEN '3215'
    WHEN 'pens & writing' THEN '9608'
    WHEN 'art supplies' THEN '9603'
    WHEN 'accessories' THEN '8305'
    ELSE '4820' END,
  "gst_rate_bp" = CASE lower(coalesce("category", ''))
    WHEN 'magazines' THEN 0
    ELSE 1800 END;
--> statement-breakpoint
-- the demo store (Kolkata) gets a registration, its state and its dispatch PIN
UPDATE "stores" SET "gstin" = '19AAGCK4821L1Z7', "gst_state" = 'West Bengal', "dispatch_pin" = '700016'
  WHERE "id" = 'kagaz-kalam' AND "gstin" IS NULL;
