/** Largest request body the store reads (JSON or form), in bytes. */
export const BODY_LIMIT = 100 * 1024;
