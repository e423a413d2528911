import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness.ts';

/** The settings of a test app with the phone menu on (docs/PRODUCT.md "The phone menu (USSD)"). */
export const USSD_SECRET = 'test-ussd-callback-secret-0123456789';
export const USSD_CODE = '*920*55#';
export const ussdEnv = (provider: 'africastalking' | 'arkesel') => ({
  USSD_PROVIDER: provider,
  USSD_CALLBACK_SECRET: USSD_SECRET,
  USSD_CODE,
});

export interface UssdScreen {
  status: number;
  end: boolean;
  text: string;
}

/**
 * A phone dialling the menu through a gateway, as Africa's Talking or Arkesel would call the
 * callback: `dial()` starts a session (with a request's number: *920*55*12#), `answer()` types.
 * Each screen is checked against the limits every phone can show (160 characters, 7 choices).
 * `everyAnswer`: Arkesel's `userData` holds every answer so far joined by `*` (as some integrations
 * read it) rather than the one typed.
 */
export function ussdPhone(
  app: TestApp,
  provider: 'africastalking' | 'arkesel',
  phone: string,
  { everyAnswer = false }: { everyAnswer?: boolean } = {},
) {
  let sessionId = '';
  let text = '';
  const local = phone.replace(/^\+233/, '0');
  const post = async (body: Record<string, unknown>, secret = USSD_SECRET): Promise<UssdScreen> => {
    const path = `/api/ussd/${provider}/${secret}`;
    const res =
      provider === 'africastalking'
        ? await app.request(path, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(body as Record<string, string>).toString(),
          })
        : await app.request(path, { method: 'POST', json: body });
    if (res.status !== 200) return { status: res.status, end: true, text: JSON.stringify(res.body) };
    const screen =
      provider === 'africastalking'
        ? { status: 200, end: String(res.body).startsWith('END '), text: String(res.body).slice(4) }
        : { status: 200, end: !res.body.continueSession, text: String(res.body.message) };
    if (provider === 'africastalking' && !/^(CON|END) /.test(String(res.body)))
      throw new Error(`not CON/END: ${res.body}`);
    if (screen.text.length > 160) throw new Error(`screen over 160 characters: ${screen.text}`);
    const choices = screen.text.split('\n').filter((l) => /^[1-9] /.test(l));
    if (choices.length > 7) throw new Error(`screen with over 7 choices: ${screen.text}`);
    return screen;
  };
  const step = (input: string | null, dialled?: string, secret?: string) => {
    if (input === null) text = provider === 'africastalking' ? (dialled ?? '') : '';
    else text = text === '' ? input : `${text}*${input}`;
    if (provider === 'africastalking') {
      return post(
        { sessionId, serviceCode: USSD_CODE, phoneNumber: `+233${local.slice(1)}`, networkCode: '62001', text },
        secret,
      );
    }
    return post(
      {
        sessionID: sessionId,
        userID: 'TESTUSER',
        newSession: input === null,
        msisdn: `233${local.slice(1)}`,
        userData:
          input === null ? (dialled ? `${USSD_CODE.slice(0, -1)}*${dialled}#` : USSD_CODE) : everyAnswer ? text : input,
        network: 'MTN',
      },
      secret,
    );
  };
  return {
    /** Starts a session: the code alone, or with a request's number. */
    dial(dialled?: string, secret?: string) {
      sessionId = `S${randomBytes(6).toString('hex')}`;
      return step(null, dialled, secret);
    },
    answer: (input: string) => step(input),
    /** Dials and types the PIN: the first menu screen. */
    async signIn(pin: string, dialled?: string) {
      await this.dial(dialled);
      return this.answer(pin);
    },
  };
}

/** The last text the outbox holds for `phone` (+233…). */
export async function lastText(app: TestApp, phone: string): Promise<string> {
  const sms = await app
    .db('notifications')
    .where({ channel: 'sms', recipient: phone })
    .orderBy('id', 'desc')
    .first('body');
  return sms?.body ?? '';
}
