import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { storeInfoFixture } from './fixtures';

/** Base of every API call in tests (jsdom runs at http://localhost:3000). */
export const API = 'http://localhost:3000/api/v1';

/** Handlers every test gets; a test overrides them with server.use(...). */
export const defaultHandlers = [
  http.get(`${API}/storeInfo`, () => HttpResponse.json(storeInfoFixture)),
];

export const server = setupServer(...defaultHandlers);
