CREATE TABLE "cod_codes" (
	"order_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"reasons" text[] NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cod_code_above_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_codes" ADD CONSTRAINT "cod_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_codes" ADD CONSTRAINT "cod_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_returned_store_idx" ON "orders" USING btree ("store_id") WHERE "orders"."cancel_reason" = 'returned';