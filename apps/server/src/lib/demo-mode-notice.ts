/** What the start-up notice reads: the environment as env.ts gives it, and what the payments allow. */
export interface DemoModeFacts {
  NODE_ENV?: string | undefined;
  HOST: string;
  PORT: number;
  SMTP_URL?: string | undefined;
  UPI_VPA?: string | undefined;
  /** the sandbox gateway is on (payment-config.ts sandboxEnabled) */
  sandboxGateway: boolean;
}

/** Only this computer can reach a server bound to one of these. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The block server.ts prints when a demo store (NODE_ENV is not production) listens beyond this
 * computer, as `npm start` does (HOST 0.0.0.0): the demo's shortcuts are then open to the
 * network, and whoever starts it must know which. Null when there is nothing to say.
 */
export function demoModeNotice(facts: DemoModeFacts): string | null {
  if (facts.NODE_ENV === 'production' || isLoopbackHost(facts.HOST)) return null;
  const exposed: string[] = [];
  if (facts.sandboxGateway)
    exposed.push(
      'The sandbox gateway is on: any shopper can mark their own order paid without any money (PAYMENT_METHODS includes gateway).',
    );
  if (!facts.SMTP_URL)
    exposed.push(
      'No e-mail leaves the store (SMTP_URL is not set): order e-mails and password-reset links are kept in the demo outbox, which signed-in staff open from the back office.',
    );
  if (!facts.UPI_VPA)
    exposed.push('UPI payments go to a demo UPI ID that takes no money (UPI_VPA is not set).');
  const rule = '='.repeat(72);
  return [
    rule,
    `DEMO MODE, reachable from other machines: listening on ${facts.HOST}:${facts.PORT}`,
    'NODE_ENV is not production, so this store runs as a demo:',
    ...exposed.map((line) => `  - ${line}`),
    'To keep the demo on this computer, set HOST=127.0.0.1. To take real orders, set',
    'NODE_ENV=production: the store then refuses to start until every setting is safe.',
    rule,
  ].join('\n');
}
