// The HTTP plumbing the fake providers share (test/fake-*.ts: the gateways, the messaging APIs,
// the courier): the raw body as the provider reads it, a server on a free local port, and a
// server whose every request is answered by a route returning a status and a JSON body.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

/** Listens on a free port of 127.0.0.1; answers its origin. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

export type JsonAnswer = [status: number, body: unknown];

export async function startJsonServer(
  route: (req: IncomingMessage, rawBody: string) => JsonAnswer,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const [status, body] = route(req, raw);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  return { url: await listenLocally(server), close: () => closeServer(server) };
}
