import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/** One message as the sender hands it over: everything already rendered. */
export interface OutgoingEmail {
  /** the outbox row's id: the file name of a written message */
  outboxId: string;
  from: Mail.Address | string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<id@host>`, the same on every attempt for one outbox row */
  messageId: string;
  /** more headers, e.g. List-Unsubscribe on a reminder */
  headers?: Record<string, string> | undefined;
}

/**
 * Where e-mails go: an SMTP server (SMTP_URL), or, in the demo and in tests, `.eml` files under
 * the data folder or memory. The last two keep what they wrote so the demo outbox can show it.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'file' | 'memory';
  send(email: OutgoingEmail): Promise<void>;
  /** the raw RFC 822 message written for an outbox row; null when none (or over SMTP) */
  readRaw(outboxId: string): Promise<Buffer | null>;
  close(): void;
}

const mailOptions = (email: OutgoingEmail): Mail.Options => ({
  from: email.from,
  to: email.to,
  subject: email.subject,
  html: email.html,
  text: email.text,
  messageId: email.messageId,
  // tells mail servers and autoresponders this is automatic (RFC 3834): no out-of-office replies
  headers: { 'Auto-Submitted': 'auto-generated', ...email.headers },
});

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or
 * `smtps://…:465`. The timeouts stay well inside the sender's lease, so a hung server fails the
 * attempt instead of outliving it.
 */
export function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail(mailOptions(email));
    },
    readRaw: async () => null,
    close: () => transport.close(),
  };
}

/** nodemailer builds the whole message (MIME parts, encodings, headers) without sending it. */
const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });

async function buildRaw(email: OutgoingEmail): Promise<Buffer> {
  const info = await builder.sendMail(mailOptions(email));
  return info.message as Buffer;
}

/** Outbox ids are uuids; anything else never names a file. */
const safeId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** Each message written to `<dir>/<outbox id>.eml` (written whole, then renamed into place). */
export function fileTransport(dir: string): MailTransport {
  return {
    kind: 'file',
    async send(email) {
      if (!safeId(email.outboxId)) throw new Error(`Not an outbox id: ${email.outboxId}`);
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${email.outboxId}.eml`);
      await writeFile(`${file}.partial`, await buildRaw(email));
      await rename(`${file}.partial`, file);
    },
    async readRaw(outboxId) {
      if (!safeId(outboxId)) return null;
      return readFile(join(dir, `${outboxId}.eml`)).catch(() => null);
    },
    close: () => {},
  };
}

/** Messages kept in this process only (tests, and apps built without mail settings). */
export function memoryTransport(): MailTransport & { sent: Map<string, Buffer> } {
  const sent = new Map<string, Buffer>();
  return {
    kind: 'memory',
    sent,
    async send(email) {
      sent.set(email.outboxId, await buildRaw(email));
    },
    readRaw: async (outboxId) => sent.get(outboxId) ?? null,
    close: () => {},
  };
}

/** server.ts: SMTP when SMTP_URL is set, else `.eml` files in `<DATA_DIR>/outbox`. */
export function mailTransportFromEnv(e: { SMTP_URL?: string | undefined; DATA_DIR: string }) {
  return e.SMTP_URL ? smtpTransport(e.SMTP_URL) : fileTransport(join(e.DATA_DIR, 'outbox'));
}
