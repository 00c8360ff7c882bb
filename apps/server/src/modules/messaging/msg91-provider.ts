import { trimEnd } from '@store/contracts/text';
import type { MessageKind } from './message-outbox.service';
import {
  digitsOf,
  type FetchLike,
  type MessagingProvider,
  type OutgoingMessage,
  type SendResult,
  postJson,
} from './messaging-provider';

export interface Msg91Config {
  /** MSG91_API_URL: https://control.msg91.com (a fake server's in tests) */
  apiUrl: string;
  /** MSG91_AUTH_KEY, sent as the authkey header */
  authKey: string;
  /** MSG91_SENDER_ID: the six-letter DLT header, e.g. KGZKLM */
  senderId: string;
  /**
   * MSG91_TEMPLATE_IDS: each kind's MSG91 template id, the template MSG91 links to its
   * DLT-approved one (Indian SMS must match a registered DLT template word for word).
   */
  templateIds: Partial<Record<MessageKind, string>>;
}

/** MSG91's answers that say "later": it is busy, down, or limiting us. */
const retryableStatus = (status: number) => status === 429 || status >= 500;

/**
 * MSG91's Flow API (v5): POST /api/v5/flow with the authkey header, the template id, the sender
 * id and one recipient whose var1, var2, … fill the template. It answers
 * `{ "type": "success", "message": "<request id>" }` or `{ "type": "error", "message": "…" }`.
 */
export function msg91Provider(
  config: Msg91Config,
  fetchImpl: FetchLike = fetch,
): MessagingProvider {
  const url = `${trimEnd(config.apiUrl, '/')}/api/v5/flow`;
  const bodyOf = (message: OutgoingMessage, templateId: string) => ({
    template_id: templateId,
    sender: config.senderId,
    // a link stays as written: a shortened one would not match the DLT template's whitelisted URL
    short_url: '0',
    recipients: [
      {
        mobiles: digitsOf(message.toPhone),
        ...Object.fromEntries(message.params.map((value, i) => [`var${i + 1}`, value])),
      },
    ],
  });
  return {
    channel: 'sms',
    label: 'MSG91',
    isConfigured: () => Boolean(config.authKey && config.senderId),
    async send(message): Promise<SendResult> {
      const templateId = config.templateIds[message.kind];
      if (!templateId)
        return {
          ok: false,
          retryable: false,
          error: `MSG91_TEMPLATE_IDS has no template for ${message.kind}`,
        };
      const answer = await postJson(
        fetchImpl,
        url,
        { authkey: config.authKey },
        bodyOf(message, templateId),
      );
      if (!answer.answered)
        return { ok: false, retryable: true, error: `MSG91 did not answer (${answer.error})` };
      const json = answer.json;
      if (answer.ok && json?.type === 'success' && typeof json.message === 'string')
        return { ok: true, providerMessageId: json.message };
      const words = typeof json?.message === 'string' ? json.message : `HTTP ${answer.status}`;
      const code =
        typeof json?.code === 'string' || typeof json?.code === 'number'
          ? json.code
          : answer.status;
      return {
        ok: false,
        retryable: retryableStatus(answer.status),
        error: `MSG91 refused (${code}) ${words}`.slice(0, 1000),
      };
    },
  };
}
