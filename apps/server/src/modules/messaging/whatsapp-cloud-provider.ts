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

export interface WhatsAppConfig {
  /** WHATSAPP_API_URL: https://graph.facebook.com (a fake server's in tests) */
  apiUrl: string;
  /** WHATSAPP_API_VERSION, e.g. 21.0 (the Graph API version in the path: /v21.0/) */
  apiVersion: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business phone number's id (not the number) */
  phoneNumberId: string;
  /** WHATSAPP_ACCESS_TOKEN: a system user's permanent token */
  accessToken: string;
  /** WHATSAPP_TEMPLATE_LANGUAGE, e.g. en or en_US: the language the templates were approved in */
  language: string;
  /** each kind's approved template name (WHATSAPP_TEMPLATES overrides the defaults) */
  templates: Record<MessageKind, string>;
}

/** The template names the README asks a shop to register, unless WHATSAPP_TEMPLATES says others. */
export const defaultWhatsAppTemplates: Record<MessageKind, string> = {
  order_placed: 'order_placed',
  order_shipped: 'order_shipped',
  out_for_delivery: 'order_out_for_delivery',
  order_delivered: 'order_delivered',
  refund_issued: 'refund_issued',
  cod_otp: 'cod_otp',
};

/**
 * Cloud API error codes worth trying again later (Meta's error-code reference): throughput and
 * rate limits, and its own temporary failures. Everything else (190 an expired or invalid token,
 * 10/200 a permission, 100 a bad parameter, 131026 a number that cannot receive it, 1320xx a
 * template problem) will fail the same way again, so it is permanent: the sender tries SMS.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

/**
 * Meta's WhatsApp Cloud API: POST /v{version}/{phone number id}/messages with a Bearer token, a
 * `template` message (business-initiated messages must use an approved template), the body's
 * parameters as text. The answer's messages[0].id (a wamid) is the provider message id.
 */
export function whatsAppCloudProvider(
  config: WhatsAppConfig,
  fetchImpl: FetchLike = fetch,
): MessagingProvider {
  const url = `${trimEnd(config.apiUrl, '/')}/v${config.apiVersion.replace(/^v/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const bodyOf = (message: OutgoingMessage) => {
    const text = (value: string) => ({ type: 'text', text: value });
    const components: unknown[] = [{ type: 'body', parameters: message.params.map(text) }];
    // an authentication template carries its copy-code button, whose parameter is the code again
    if (message.kind === 'cod_otp')
      components.push({
        type: 'button',
        sub_type: 'url',
        index: '0',
        parameters: [text(message.params[0] ?? '')],
      });
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: digitsOf(message.toPhone),
      type: 'template',
      template: {
        name: config.templates[message.kind],
        language: { code: config.language },
        components,
      },
    };
  };
  return {
    channel: 'whatsapp',
    label: 'WhatsApp Cloud API',
    isConfigured: () => Boolean(config.accessToken && config.phoneNumberId),
    async send(message): Promise<SendResult> {
      const answer = await postJson(
        fetchImpl,
        url,
        { authorization: `Bearer ${config.accessToken}` },
        bodyOf(message),
      );
      if (!answer.answered)
        return { ok: false, retryable: true, error: `WhatsApp did not answer (${answer.error})` };
      const json = answer.json as (GraphError & { messages?: { id?: unknown }[] }) | null;
      const id = json?.messages?.[0]?.id;
      if (answer.ok && typeof id === 'string') return { ok: true, providerMessageId: id };
      const error = json?.error;
      const code = typeof error?.code === 'number' ? error.code : null;
      const details =
        typeof error?.error_data?.details === 'string' ? `: ${error.error_data.details}` : '';
      const words = typeof error?.message === 'string' ? error.message : `HTTP ${answer.status}`;
      const retryable =
        answer.status === 429 ||
        answer.status >= 500 ||
        (code !== null && RETRYABLE_CODES.has(code));
      return {
        ok: false,
        retryable,
        error: `WhatsApp refused (${code ?? answer.status}) ${words}${details}`.slice(0, 1000),
      };
    },
  };
}
