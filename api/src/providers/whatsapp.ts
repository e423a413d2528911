import type { Config } from '../config.ts';
import { type BoundsOverrides, boundsFor, rethrowRefusal } from './bounds.ts';
import { type FetchLike, type ProviderAnswer, providerHttp } from './http-client.ts';
import type { Transport } from './notifier.ts';

/**
 * WhatsApp through Meta's WhatsApp Cloud API: POST {base}/{version}/{phone-number-id}/messages with
 * a bearer token. A business may write first only with a template Meta has approved (free text is
 * allowed just within 24 hours of the user's last message, which never happens here), so every
 * message is sent as the one configured template, e.g. a "utility" template whose body is
 * "ServiceConnect Ghana: {{1}}", with our short text as its single parameter. Meta refuses newlines,
 * tabs and more than four spaces in a row inside a parameter, so the text is flattened first.
 * Meta answers {"messages":[{"id":"wamid…"}]} or {"error":{"message","code",…}}; an error throws,
 * so the outbox worker retries with its backoff.
 */
export function whatsappTransport(
  options: NonNullable<Config['whatsapp']> & { fetch?: FetchLike } & BoundsOverrides,
): Transport {
  const http = providerHttp({ ...boundsFor('whatsapp', options), fetch: options.fetch });
  return {
    name: 'whatsapp-cloud',
    gate: http.bounds.gate,
    async deliver(message) {
      const text = message.text.replace(/\s+/g, ' ').trim();
      let response: ProviderAnswer;
      try {
        response = await http.request(
          `${options.apiBase}/${options.apiVersion}/${encodeURIComponent(options.phoneNumberId)}/messages`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${options.accessToken}`,
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body: JSON.stringify({
              messaging_product: 'whatsapp',
              recipient_type: 'individual',
              // The Cloud API takes the number with country code, without "+".
              to: message.to.replace(/^\+/, ''),
              type: 'template',
              template: {
                name: options.template,
                language: { code: options.language },
                components: [{ type: 'body', parameters: [{ type: 'text', text }] }],
              },
            }),
          },
        );
      } catch (err) {
        rethrowRefusal(err);
        throw new Error(`WhatsApp could not be reached: ${(err as Error).message}`);
      }
      const body = response.json<{
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      }>();
      if (!response.ok || body.error || !body.messages?.[0]?.id) {
        throw new Error(
          `WhatsApp answered ${response.status}: ${body.error ? `${body.error.code ?? ''} ${body.error.message ?? ''}`.trim() : 'no message id'}`,
        );
      }
    },
  };
}
