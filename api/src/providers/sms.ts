import { type BoundsOverrides, boundsFor, rethrowRefusal } from './bounds.ts';
import { type FetchLike, type ProviderAnswer, providerHttp } from './http-client.ts';
import type { Transport } from './notifier.ts';

/**
 * SMS through Arkesel (https://arkesel.com), a Ghanaian gateway with direct routes to MTN, Telecel
 * and AirtelTigo and a one-call JSON API: POST {base}/api/v2/sms/send with the `api-key` header and
 * {sender, message, recipients: ["233…"]}; it answers {"status":"success","data":[{recipient,id}]}
 * and lists numbers it will not send to under "invalid numbers". Anything else throws, so the
 * outbox worker retries with its backoff.
 */
export function arkeselSmsTransport(
  options: {
    apiBase: string;
    apiKey: string;
    senderId: string;
    fetch?: FetchLike;
  } & BoundsOverrides,
): Transport {
  const http = providerHttp({ ...boundsFor('sms', options), fetch: options.fetch });
  return {
    name: 'arkesel',
    gate: http.bounds.gate,
    async deliver(message) {
      // Arkesel takes international numbers without the "+".
      const recipient = message.to.replace(/^\+/, '');
      let response: ProviderAnswer;
      try {
        response = await http.request(`${options.apiBase}/api/v2/sms/send`, {
          method: 'POST',
          headers: { 'api-key': options.apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ sender: options.senderId, message: message.text, recipients: [recipient] }),
        });
      } catch (err) {
        rethrowRefusal(err);
        throw new Error(`SMS gateway could not be reached: ${(err as Error).message}`);
      }
      const body = response.json<{
        status?: string;
        message?: string;
        data?: Record<string, unknown>[];
      }>();
      if (!response.ok || body.status !== 'success') {
        throw new Error(`SMS gateway answered ${response.status}: ${body.message ?? body.status ?? 'no message'}`);
      }
      const accepted = (body.data ?? []).some((d) => d.recipient === recipient);
      if (!accepted) throw new Error('SMS gateway did not accept the number');
    },
  };
}
