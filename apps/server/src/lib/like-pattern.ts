/**
 * An ILIKE pattern matching `text` anywhere: `%` and `_` typed by staff are literal characters,
 * not patterns (the back office's searches of orders and customers).
 */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
