// Text helpers shared by the server's HTML pages and the web's policy templates.

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML content or a quoted attribute. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/**
 * `text` without the run of `char` at its end. A loop, not `/x+$/`: a regex engine tries that
 * pattern from every character of a run that does not end the text, so "/" × 16,000 + "a" (a URL
 * a visitor can send) costs 16,000² steps.
 */
export function trimEnd(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

/**
 * "1 item", "2 items", "0 orders": a count with its noun in the right number (English plurals
 * here are regular; pass `plural` where one is not).
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
