/**
 * The product reads' requests (requests.ts), loaded with the first query that runs; a page the
 * server rendered runs none until the shopper does something. Also called at the shopper's first
 * tap or key (app/start.tsx), so the request after it does not wait for the code.
 */
export const loadProductRequests = () => import('./requests');
