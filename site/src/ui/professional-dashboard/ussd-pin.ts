import { changeUssdPin } from '../../../../contract/ussd-pin.ts';
import { call } from '../../lib/call.ts';
import { failure, type Outcome } from '../../lib/outcome.ts';
import { $session } from '../../stores/session.ts';

/** PUT /api/ussd/pin: the phone menu's PIN set or changed (docs/PRODUCT.md "The phone menu (USSD)"). */
export async function saveUssdPin(pin: string, repeat: string): Promise<Outcome> {
  try {
    const answer = await call(changeUssdPin, { body: { pin, repeat } }, { token: $session.get().token });
    return { ok: true, message: answer.message };
  } catch (error) {
    return failure(error);
  }
}
