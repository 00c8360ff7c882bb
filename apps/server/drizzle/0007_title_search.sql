-- The title alone, as its own tsvector with its own GIN index (issue 13, item 4;
-- docs/decisions/search-and-facets.md): a search ranks products whose TITLE has every word first,
-- and finds and counts that tier from this index without reading search_doc. Generated, so the
-- triggers of 0006 need not know it.
ALTER TABLE "products" ADD COLUMN "title_doc" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, title)) STORED;--> statement-breakpoint
CREATE INDEX "products_title_doc_idx" ON "products" USING gin ("title_doc");
