// Identifier patterns shared by the server and clients. Plain module, no zod import.

/** A database uuid (product, user, payment ids); anything else cannot name a row. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
