// The HTTP plumbing of the fake provider servers (test/fake-*.ts): a local server on a free port
// whose every request is answered by a route that returns a status and a JSON body.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
