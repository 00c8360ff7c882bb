// The HTTP plumbing the fake providers share (fake-razorpay.ts, fake-phonepe.ts): the raw body as
// the provider reads it, and a server on a free local port.
import type { IncomingMessage, Server } from 'node:http';
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
