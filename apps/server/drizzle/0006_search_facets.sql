-- Search, sort and facets (issue 13; docs/decisions/search-and-facets.md).
-- pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded by db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "product_facet_labels" (
	"store_id" text NOT NULL,
	"token" text NOT NULL,
	"key_label" text NOT NULL,
	"value_label" text NOT NULL,
	"metric_unit" text,
	CONSTRAINT "product_facet_labels_store_id_token_pk" PRIMARY KEY("store_id","token")
);
--> statement-breakpoint
CREATE TABLE "product_search_words" (
	"store_id" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "product_search_words_store_id_word_pk" PRIMARY KEY("store_id","word")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_paise" integer GENERATED ALWAYS AS (coalesce(discounted_price_paise, regular_price_paise)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_doc" "tsvector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facet_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_facet_labels" ADD CONSTRAINT "product_facet_labels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search_words" ADD CONSTRAINT "product_search_words_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_words_trgm_idx" ON "product_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_store_parent_category_idx" ON "products" USING btree ("store_id",lower("parent_category"));--> statement-breakpoint
CREATE INDEX "products_store_price_idx" ON "products" USING btree ("store_id","price_paise");--> statement-breakpoint
CREATE INDEX "products_store_featured_idx" ON "products" USING btree ("store_id","created_at") WHERE "products"."featured";--> statement-breakpoint
CREATE INDEX "products_search_doc_idx" ON "products" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "products_facet_values_idx" ON "products" USING gin ("facet_values");
--> statement-breakpoint
-- The key a facet token uses: every size key is 'size', every colour key 'color' (as the
-- storefront's variantOptionsOf reads them), any other key in lower case.
CREATE OR REPLACE FUNCTION product_facet_key(k text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE
    WHEN lower(trim(k)) IN ('size', 'sizes') THEN 'size'
    WHEN lower(trim(k)) IN ('color', 'colour', 'colors', 'colours') THEN 'color'
    ELSE lower(trim(k))
  END
$fn$;
--> statement-breakpoint
-- Recomputes featured, facet_values and search_doc of the given products (NULL: every product,
-- and the word list and facet labels are rebuilt from scratch), and adds their words to
-- product_search_words and their facet tokens to product_facet_labels. One set-based statement.
--
-- Bulk loading (100,000 products): the triggers below do this per statement already, but a loader
-- may skip them and call this once at the end:
--   SET store.product_search = 'deferred';       -- this session's triggers do nothing
--   INSERT INTO products ...; INSERT INTO product_attributes ...;
--   SELECT refresh_product_search_for_store('default');  -- or refresh_product_search(ARRAY[...]::uuid[])
--   RESET store.product_search;
CREATE OR REPLACE FUNCTION refresh_product_search(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF ids IS NULL THEN
    DELETE FROM product_search_words;
    DELETE FROM product_facet_labels;
  END IF;
  WITH target AS (
    SELECT p.id FROM products p WHERE ids IS NULL
    UNION
    SELECT x.id FROM unnest(ids) AS x(id) WHERE ids IS NOT NULL
  ),
  attr AS (
    SELECT pa.product_id,
      bool_or(lower(trim(pa.key)) = 'featured' AND lower(array_to_string(pa.values, ' ')) LIKE '%true%') AS featured,
      string_agg(array_to_string(pa.values, ' '), ' ' ORDER BY pa.position)
        FILTER (WHERE lower(pa.key) <> 'featured' AND lower(pa.key) NOT LIKE '%phone%') AS attr_text
    FROM product_attributes pa JOIN target t ON t.id = pa.product_id
    GROUP BY pa.product_id
  ),
  tokens AS (
    SELECT pa.product_id,
      array_agg(DISTINCT product_facet_key(pa.key) || ':' || lower(trim(v))) AS facet_values
    FROM product_attributes pa JOIN target t ON t.id = pa.product_id,
      unnest(pa.values) AS v
    WHERE lower(pa.key) <> 'featured' AND lower(pa.key) NOT LIKE '%phone%' AND trim(v) <> ''
    GROUP BY pa.product_id
  ),
  updated AS (
    UPDATE products p SET
      featured = coalesce(a.featured, false),
      facet_values = coalesce(tk.facet_values, '{}'::text[]),
      search_doc =
        setweight(to_tsvector('english', p.title), 'A') ||
        setweight(to_tsvector('english', coalesce(p.category, '') || ' ' || coalesce(p.parent_category, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(a.attr_text, '')), 'C') ||
        setweight(to_tsvector('english', p.description), 'D')
    FROM target t
      LEFT JOIN attr a ON a.product_id = t.id
      LEFT JOIN tokens tk ON tk.product_id = t.id
    WHERE p.id = t.id
    RETURNING p.store_id,
      concat_ws(' ', p.title, p.category, p.parent_category, a.attr_text, p.description) AS words
  )
  INSERT INTO product_search_words (store_id, word)
  SELECT DISTINCT u.store_id, w
  FROM updated u, regexp_split_to_table(lower(u.words), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;

  INSERT INTO product_facet_labels (store_id, token, key_label, value_label, metric_unit)
  SELECT DISTINCT ON (p.store_id, product_facet_key(pa.key) || ':' || lower(trim(v)))
    p.store_id, product_facet_key(pa.key) || ':' || lower(trim(v)), trim(pa.key), trim(v),
    nullif(trim(pa.metric_unit), '')
  FROM (
      SELECT p.id FROM products p WHERE ids IS NULL
      UNION
      SELECT x.id FROM unnest(ids) AS x(id) WHERE ids IS NOT NULL
    ) t
    JOIN product_attributes pa ON pa.product_id = t.id
    JOIN products p ON p.id = pa.product_id,
    unnest(pa.values) AS v
  WHERE lower(pa.key) <> 'featured' AND lower(pa.key) NOT LIKE '%phone%' AND trim(v) <> ''
  ORDER BY p.store_id, product_facet_key(pa.key) || ':' || lower(trim(v)), pa.metric_unit NULLS LAST
  ON CONFLICT (store_id, token) DO UPDATE SET
    key_label = EXCLUDED.key_label,
    value_label = EXCLUDED.value_label,
    metric_unit = coalesce(EXCLUDED.metric_unit, product_facet_labels.metric_unit);
END
$fn$;
--> statement-breakpoint
-- One store's products, with its word list and facet labels rebuilt from scratch (words of
-- products since deleted or renamed go): after a bulk load, or to tidy the word list.
CREATE OR REPLACE FUNCTION refresh_product_search_for_store(store_id text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM product_search_words w WHERE w.store_id = refresh_product_search_for_store.store_id;
  DELETE FROM product_facet_labels l WHERE l.store_id = refresh_product_search_for_store.store_id;
  PERFORM refresh_product_search(coalesce(
    (SELECT array_agg(p.id) FROM products p WHERE p.store_id = refresh_product_search_for_store.store_id),
    '{}'::uuid[]));
END
$fn$;
--> statement-breakpoint
-- Statement-level triggers: one refresh per INSERT/UPDATE/DELETE statement, however many rows,
-- so the seed, the back office and the CSV import stay right without remembering to.
-- pg_trigger_depth() > 1: the refresh's own UPDATE of products does not start another one.
CREATE OR REPLACE FUNCTION product_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  changed uuid[];
BEGIN
  IF pg_trigger_depth() > 1 OR current_setting('store.product_search', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(n.id) INTO changed FROM new_rows n;
    ELSE
      SELECT array_agg(n.id) INTO changed FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.title, n.description, n.category, n.parent_category)
        IS DISTINCT FROM (o.title, o.description, o.category, o.parent_category);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.product_id) INTO changed FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.product_id) INTO changed FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT x.product_id) INTO changed FROM (
      SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows
    ) x;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM refresh_product_search(changed);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_trigger();
--> statement-breakpoint
CREATE TRIGGER products_search_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_trigger();
--> statement-breakpoint
CREATE TRIGGER product_attributes_search_insert AFTER INSERT ON product_attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_trigger();
--> statement-breakpoint
CREATE TRIGGER product_attributes_search_update AFTER UPDATE ON product_attributes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_trigger();
--> statement-breakpoint
CREATE TRIGGER product_attributes_search_delete AFTER DELETE ON product_attributes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_trigger();
--> statement-breakpoint
-- Backfill the catalogue as it is.
SELECT refresh_product_search(NULL::uuid[]);
