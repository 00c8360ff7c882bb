import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

/** Below this similarity (pg_trgm, 0..1) a catalogue word is no correction of a typed one. */
const MIN_SIMILARITY = 0.3;
/**
 * The same when either word is shorter than 4 letters: a short word shares a trigram or two with
 * almost anything ('mmxq' is 0.33 like 'mm'), so gibberish was "corrected" to it.
 */
const MIN_SIMILARITY_SHORT = 0.5;
/** Most words of a search that are looked at (the rest are ignored). */
const MAX_WORDS = 8;

/**
 * The words of a search, as the database splits the catalogue's text (product_search_words_of,
 * drizzle/0008): letters with their marks and digits. Marks (\p{M}) belong to the word: the vowel
 * signs and virama of Devanagari and every Indic script are marks, so without them 'पेन' fell
 * apart into 'प' and 'न'.
 */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length >= 1 && w.length <= 40)
    .slice(0, MAX_WORDS);
}

/** A search as the database will run it. */
export interface ResolvedSearch {
  /** `to_tsquery('english', …)` text, every word required (`fountain & pen`) */
  all: string;
  /** the same words, any of them (the fallback when no product has them all) */
  any: string;
  /** more than one word: an OR fallback can differ from the AND */
  several: boolean;
  /** the words after typo correction, for the title similarity in the ranking */
  text: string;
  /** `text` when a word was corrected, else null */
  correctedQuery: string | null;
}

interface WordRow {
  i: number;
  known: boolean;
  prefix: boolean;
  best: string | null;
}

/**
 * Corrects each word against the store's word list (product_search_words): a word found there is
 * kept; the last word, when it begins a catalogue word, is kept as a prefix (`founta` while
 * typing); any other word becomes its most similar catalogue word by trigram similarity (via the
 * word list's GIN index), or stays as typed when nothing is similar enough. One query for all.
 * Null when the search has no word at all (only punctuation): nothing matches it.
 */
export async function resolveSearch(
  db: DbOrTx,
  storeId: string,
  q: string,
): Promise<ResolvedSearch | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const last = words.length;
  const result = (await db.execute(sql`
    select q.i::int as i,
      exists (select 1 from product_search_words s where s.store_id = ${storeId} and s.word = q.w) as known,
      (q.i = ${last} and exists (select 1 from product_search_words s
        where s.store_id = ${storeId} and s.word like q.w || '%')) as prefix,
      case when length(q.w) < 3 or q.w ~ '[0-9]' then null else (
        select s.word from product_search_words s
        where s.store_id = ${storeId} and s.word % q.w
          and similarity(s.word, q.w) >= case when length(s.word) < 4 or length(q.w) < 4
            then ${MIN_SIMILARITY_SHORT}::real else ${MIN_SIMILARITY}::real end
        order by similarity(s.word, q.w) desc, s.word limit 1
      ) end as best
    from unnest(${sql.param(words)}::text[]) with ordinality as q(w, i)
    order by q.i`)) as unknown as { rows: WordRow[] };
  // both drivers answer { rows }; the Db type leaves the result shape open
  const rows = result.rows;
  const terms: string[] = [];
  const corrected: string[] = [];
  words.forEach((w, n) => {
    const row = rows[n];
    if (row?.known) {
      terms.push(w);
      corrected.push(w);
    } else if (row?.prefix) {
      terms.push(`${w}:*`);
      corrected.push(w);
    } else {
      const better = row?.best ?? w;
      terms.push(better);
      corrected.push(better);
    }
  });
  const text = corrected.join(' ');
  return {
    all: terms.join(' & '),
    any: terms.join(' | '),
    several: terms.length > 1,
    text,
    correctedQuery: corrected.some((w, n) => w !== words[n]) ? text : null,
  };
}

/** The tsquery of a resolved search (words only: letters and digits, so nothing to escape). */
export const tsQuery = (text: string): SQL => sql`to_tsquery('english', ${text})`;

/** Products whose search document matches (the GIN index products_search_doc_idx). */
export const matchesSearch = (text: string): SQL => sql`${products.searchDoc} @@ ${tsQuery(text)}`;

/**
 * Relevance: cover density with weights D 0.1, C 0.2, B 0.4, A 1.0 (a title match outranks a
 * description one), plus how close the title is to the words as a whole.
 */
export const relevance = (tsText: string, words: string): SQL =>
  sql`(ts_rank_cd('{0.1,0.2,0.4,1.0}', ${products.searchDoc}, ${tsQuery(tsText)})
    + similarity(lower(${products.title}), ${words})
    + case when ${products.searchDoc} @@ ${tsQuery(inCategory(tsText))} then 0.5 else 0 end)`;

/**
 * Any of the search's words in the category or parent category (weight B): "fountain pen" puts
 * the pens of Pens & Writing above "Fountain Pen Ink: Jet Black", whose title holds the same
 * words but whose shelf is Ink.
 */
export function inCategory(tsText: string): string {
  return tsText
    .split(/ [&|] /)
    .map((term) => (term.endsWith(':*') ? `${term}B` : `${term}:B`))
    .join(' | ');
}
