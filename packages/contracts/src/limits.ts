// Plain constants with no zod import, so the web app's entry chunk (the cart) can use them
// without pulling the schema library in.

/** Most distinct lines one order may have. */
export const ORDER_MAX_LINES = 50;
/**
 * Most units of one product per order, all its sizes and colours together (the `products` map sums
 * them); the cart and its quantity steppers stop here.
 */
export const ORDER_MAX_QUANTITY = 99;
/** Products per listing page (spec: 12); the API's default `limit` and the web's page size. */
export const PRODUCT_PAGE_SIZE = 12;
/** Most products one listing request may ask for (`limit`). */
export const PRODUCT_MAX_LIMIT = 100;
/** Orders per page in My Orders; `GET /orders?page=&limit=`. */
export const ORDER_PAGE_SIZE = 10;
/** Most orders one `GET /orders` answers, and what a request without paging parameters gets. */
export const ORDER_LIST_MAX = 100;
