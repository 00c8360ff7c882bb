/** `text` with `%`, `_` and `\\` escaped: typed by staff, they are literal characters, not patterns. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** An ILIKE pattern matching `text` anywhere (the back office's searches). */
export const likeContaining = (text: string) => `%${escapeLike(text)}%`;
