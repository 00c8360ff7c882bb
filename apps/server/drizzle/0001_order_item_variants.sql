ALTER TABLE "order_items" ADD COLUMN "variant_size" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_color" text;