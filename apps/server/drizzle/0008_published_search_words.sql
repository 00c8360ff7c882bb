-- Search words and facet labels come from published products only (docs/decisions/search-and-facets.md;
-- catalogue-abuse.test.ts). 0006 filled product_search_words and product_facet_labels from EVERY
-- product, so typo correction spelled out a draft's words and a draft's spelling replaced a live
-- facet label; a deleted or unpublished product's words stayed in the list; and the list split
-- words on [^[:alnum:]], which cuts Devanagari at its virama ('स्टैंड' -> 'स', 'टैंड').
--
-- Words are now the parser's own words (to_tsvector('simple', …), the parser to_tsvector('english')
-- indexes with, which keeps 'स्टैंड' whole on PostgreSQL and PGlite), without the ones holding ASCII
-- punctuation (hyphenated compounds, URLs, e-mails: a search's words never do). The functions keep
-- their names and signatures (the loader and bulk-catalogue.service.ts call them).

-- The words of a text as the word list keeps them.
CREATE OR REPLACE FUNCTION product_search_words_of(doc text) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT t.lexeme FROM unnest(to_tsvector('simple', coalesce(doc, ''))) AS t
  WHERE length(t.lexeme) BETWEEN 2 AND 40 AND t.lexeme !~ '[!-/:-@[-`{-~]'
$fn$;
--> statement-breakpoint
-- As 0006's, but words and labels come only from active (published) products; archived products
-- are never active. search_doc and facet_values are kept for every product (listings filter on
-- active themselves).
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
    RETURNING p.store_id, p.active AND p.archived_at IS NULL AS listed,
      concat_ws(' ', p.title, p.category, p.parent_category, a.attr_text, p.description) AS words
  )
  INSERT INTO product_search_words (store_id, word)
  SELECT DISTINCT u.store_id, w
  FROM updated u, product_search_words_of(u.words) AS w
  WHERE u.listed
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
    AND p.active AND p.archived_at IS NULL
  ORDER BY p.store_id, product_facet_key(pa.key) || ':' || lower(trim(v)), pa.metric_unit NULLS LAST
  ON CONFLICT (store_id, token) DO UPDATE SET
    key_label = EXCLUDED.key_label,
    value_label = EXCLUDED.value_label,
    metric_unit = coalesce(EXCLUDED.metric_unit, product_facet_labels.metric_unit);
END
$fn$;
--> statement-breakpoint
-- Takes out of a store's word list those of `candidates` (words a product had before it was
-- deleted, unpublished or edited) that no published product has any more: a GIN lookup of
-- search_doc per word. Stemmed, so a word is kept while any published product has its stem; a
-- stop word (no lexeme) is kept. product-search.service.ts never reports a correction that finds
-- nothing, so a word this leaves behind is never shown.
CREATE OR REPLACE FUNCTION prune_product_search_words(store text, candidates text[]) RETURNS void
LANGUAGE sql AS $fn$
  DELETE FROM product_search_words w
  WHERE w.store_id = store AND w.word = ANY (candidates)
    AND numnode(plainto_tsquery('english', w.word)) > 0
    AND NOT EXISTS (
      SELECT 1 FROM products p
      WHERE p.store_id = store AND p.active AND p.archived_at IS NULL
        AND p.search_doc @@ plainto_tsquery('english', w.word))
$fn$;
--> statement-breakpoint
-- As 0006's, and: a product's words are added when it is published and pruned when it is
-- unpublished, archived, deleted or loses a word (title, description, category, attribute).
CREATE OR REPLACE FUNCTION product_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  changed uuid[];
  gone record;
BEGIN
  IF pg_trigger_depth() > 1 OR current_setting('store.product_search', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(n.id) INTO changed FROM new_rows n;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(n.id) INTO changed FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.title, n.description, n.category, n.parent_category, n.active, n.archived_at)
        IS DISTINCT FROM (o.title, o.description, o.category, o.parent_category, o.active, o.archived_at);
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
  -- the words listed products had before this statement, per store, to prune
  IF TG_OP = 'INSERT' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'products' THEN
    FOR gone IN
      SELECT o.store_id, array_agg(DISTINCT w) AS words
      FROM old_rows o
        LEFT JOIN LATERAL (
          SELECT string_agg(array_to_string(pa.values, ' '), ' ') AS attr_text
          FROM product_attributes pa WHERE pa.product_id = o.id
        ) a ON true,
        product_search_words_of(concat_ws(' ', o.title, o.category, o.parent_category, a.attr_text, o.description)) AS w
      WHERE o.active AND o.archived_at IS NULL
        AND (TG_OP = 'DELETE' OR o.id = ANY (coalesce(changed, '{}'::uuid[])))
      GROUP BY o.store_id
    LOOP
      PERFORM prune_product_search_words(gone.store_id, gone.words);
    END LOOP;
  ELSE
    FOR gone IN
      SELECT p.store_id, array_agg(DISTINCT w) AS words
      FROM old_rows o JOIN products p ON p.id = o.product_id,
        unnest(o.values) AS v, product_search_words_of(v) AS w
      WHERE p.active AND p.archived_at IS NULL
      GROUP BY p.store_id
    LOOP
      PERFORM prune_product_search_words(gone.store_id, gone.words);
    END LOOP;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A deleted product's words leave the list (its attributes go by cascade, whose own trigger runs
-- nested and does nothing; their words stay until the store's next full refresh, never shown).
CREATE TRIGGER products_search_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_trigger();
--> statement-breakpoint
-- Rebuild every store's word list and labels from published products only.
SELECT refresh_product_search(NULL::uuid[]);
