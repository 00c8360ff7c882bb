import type { MessageKind } from './message-outbox.service';
import type { FetchLike, MessagingChannel, MessagingProvider } from './messaging-provider';
import { messageKinds } from './message-templates';
import { msg91Provider } from './msg91-provider';
import { defaultWhatsAppTemplates, whatsAppCloudProvider } from './whatsapp-cloud-provider';

/** The environment variables of the messaging providers (env.ts), each optional. */
export interface MessagingEnv {
  NODE_ENV?: string | undefined;
  WHATSAPP_API_URL?: string | undefined;
  WHATSAPP_API_VERSION?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_ACCESS_TOKEN?: string | undefined;
  WHATSAPP_TEMPLATE_LANGUAGE?: string | undefined;
  /** JSON: kind → approved template name, over the defaults */
  WHATSAPP_TEMPLATES?: string | undefined;
  MSG91_API_URL?: string | undefined;
  MSG91_AUTH_KEY?: string | undefined;
  MSG91_SENDER_ID?: string | undefined;
  /** JSON: kind → MSG91 template id (linked to its DLT template) */
  MSG91_TEMPLATE_IDS?: string | undefined;
}

/** What the messages job sends with (AppConfig's `messaging`). */
export interface MessagingConfig {
  /** the configured providers, by channel: WhatsApp first, SMS as its fallback */
  providers: Partial<Record<MessagingChannel, MessagingProvider>>;
  /**
   * No provider and not live mode: every message is "sent" into the demo outbox (listed beside
   * the e-mails). In live mode without a provider messages are skipped, never shown as sent.
   */
  demo: boolean;
}

const isLive = (nodeEnv: string | undefined) => nodeEnv === 'production';

/** A JSON object of kind → string; null when it is not one (live mode refuses that at start). */
export function parseKindMap(
  json: string | undefined,
): Partial<Record<MessageKind, string>> | null {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value as Record<string, unknown>);
    if (
      !entries.every(([k, v]) => messageKinds.includes(k as MessageKind) && typeof v === 'string')
    )
      return null;
    return Object.fromEntries(entries) as Partial<Record<MessageKind, string>>;
  } catch {
    return null;
  }
}

const WHATSAPP_VARIABLES = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN'] as const;
const MSG91_VARIABLES = ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_TEMPLATE_IDS'] as const;

/** server.ts: each provider whose variables are all set (a half-set one is left out: the demo). */
export function messagingConfigFromEnv(e: MessagingEnv, fetchImpl?: FetchLike): MessagingConfig {
  const providers: MessagingConfig['providers'] = {};
  if (WHATSAPP_VARIABLES.every((name) => e[name])) {
    providers.whatsapp = whatsAppCloudProvider(
      {
        apiUrl: e.WHATSAPP_API_URL ?? 'https://graph.facebook.com',
        apiVersion: e.WHATSAPP_API_VERSION ?? '21.0',
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
        accessToken: e.WHATSAPP_ACCESS_TOKEN!,
        language: e.WHATSAPP_TEMPLATE_LANGUAGE ?? 'en',
        templates: { ...defaultWhatsAppTemplates, ...parseKindMap(e.WHATSAPP_TEMPLATES) },
      },
      fetchImpl,
    );
  }
  const templateIds = parseKindMap(e.MSG91_TEMPLATE_IDS);
  if (MSG91_VARIABLES.every((name) => e[name]) && templateIds) {
    providers.sms = msg91Provider(
      {
        apiUrl: e.MSG91_API_URL ?? 'https://control.msg91.com',
        authKey: e.MSG91_AUTH_KEY!,
        senderId: e.MSG91_SENDER_ID!,
        templateIds,
      },
      fetchImpl,
    );
  }
  const configured = Object.values(providers).some((p) => p.isConfigured());
  return { providers, demo: !configured && !isLive(e.NODE_ENV) };
}

/**
 * Live mode (modules/payments/live-mode.ts asks): each provider all or nothing, as the payment
 * gateways. Neither is required: without them the shop just sends no WhatsApp or SMS.
 */
export function messagingLiveModeProblems(e: MessagingEnv): string[] {
  const problems: string[] = [];
  const providers = [
    { label: 'WhatsApp', variables: WHATSAPP_VARIABLES, where: "Meta's WhatsApp Manager" },
    {
      label: 'MSG91 (SMS)',
      variables: MSG91_VARIABLES,
      where: "MSG91's dashboard and the DLT portal",
    },
  ];
  for (const provider of providers) {
    const missing = provider.variables.filter((name) => !e[name]);
    if (missing.length > 0 && missing.length < provider.variables.length)
      problems.push(
        `${provider.label} is half-configured: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. ` +
          `Set ${provider.variables.join(', ')} (from ${provider.where}), or unset them all to send no ${provider.label} messages.`,
      );
  }
  for (const name of ['WHATSAPP_TEMPLATES', 'MSG91_TEMPLATE_IDS'] as const) {
    if (e[name] && !parseKindMap(e[name]))
      problems.push(
        `${name} must be a JSON object from message kind (${messageKinds.join(', ')}) to a string: it names another kind or is not JSON.`,
      );
  }
  const ids = parseKindMap(e.MSG91_TEMPLATE_IDS);
  if (e.MSG91_TEMPLATE_IDS && ids) {
    const missing = messageKinds.filter((k) => !ids[k]);
    if (missing.length)
      problems.push(
        `MSG91_TEMPLATE_IDS has no template id for ${missing.join(', ')}: set it to a JSON object with one MSG91 template id (linked to its DLT template) per kind, e.g. {"order_placed":"64f0…","cod_otp":"64f1…"}.`,
      );
  }
  return problems;
}
