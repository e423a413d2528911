import type * as z from 'zod/mini';
import type { africasTalkingStepSchema, ArkeselAnswer, arkeselStepSchema } from '../../../../contract/ussd.ts';
import type { GatewayStep } from './service.ts';
import type { Screen } from './menu.ts';

/**
 * The two gateways' callbacks, each turned into one GatewayStep and back: the menu is the same.
 *
 * Africa's Talking posts a form: sessionId, serviceCode, phoneNumber (+233…), networkCode and
 * `text`, every answer of the session joined by `*` (on the first step, what was dialled after the
 * code: *920*55*12# gives "12"). It reads back plain text: `CON ` and a screen to go on, `END ` and
 * one to finish.
 *
 * Arkesel (its field names as public integrations of its USSD callback use them; Arkesel's own
 * reference page was not to be had) posts JSON: sessionID, userID, newSession (true on the first
 * step), msisdn (233… without +), userData (on the first step what was dialled, e.g. *920*55*12#;
 * after that the one answer typed, or as some integrations read it every answer so far joined by
 * `*`: service.ts reads both) and network. It reads back JSON: sessionID, userID and msisdn as
 * given, message (the screen) and continueSession (false to finish). We rely on exactly those fields.
 */

export function fromAfricasTalking(body: z.output<typeof africasTalkingStepSchema>): GatewayStep {
  return {
    sessionKey: `at:${body.sessionId}`,
    phone: body.phoneNumber,
    fresh: null,
    typed: body.text,
    cumulative: true,
    dialled: null,
  };
}

export const toAfricasTalking = (screen: Screen): string => `${screen.end ? 'END' : 'CON'} ${screen.text}`;

/** What was dialled after the code itself, before the #: *920*55*12# with code *920*55# gives "12". */
export function dialledAfter(code: string, dialled: string): string | null {
  const base = code.slice(0, -1);
  if (!dialled.startsWith(`${base}*`) || !dialled.endsWith('#')) return null;
  return dialled.slice(base.length + 1, -1);
}

export function fromArkesel(body: z.output<typeof arkeselStepSchema>, code: string): GatewayStep {
  return {
    sessionKey: `arkesel:${body.sessionID}`,
    phone: body.msisdn,
    fresh: body.newSession,
    typed: body.newSession ? '' : body.userData,
    cumulative: false,
    dialled: body.newSession ? dialledAfter(code, body.userData.trim()) : null,
  };
}

export const toArkesel = (body: z.output<typeof arkeselStepSchema>, screen: Screen): ArkeselAnswer => ({
  sessionID: body.sessionID,
  userID: body.userID ?? '',
  msisdn: body.msisdn,
  message: screen.text,
  continueSession: !screen.end,
});
