import { setupServer } from 'msw/node';

/** Base of every admin API call in tests (jsdom runs at http://localhost:3000/admin/). */
export const ADMIN_API = 'http://localhost:3000/api/v1/admin';

export const server = setupServer();
