import { randomInt } from 'node:crypto';
import type { ContactMessage, ContactResponse } from '../../../../contract/contact.ts';
import type { Clock } from '../../clock.ts';
import type { Conn } from '../../db.ts';
import { insertContactMessage } from './repo.ts';
import { dayOf } from '../../../../contract/dates.ts';

// No 0/O or 1/I, so a reference read out over the phone is not misheard.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** What a sent message is answered with, whichever way it came. */
export const CONTACT_THANKS = 'Thank you for contacting us. We reply to messages within 24 hours.';

/** Whether `text` has the shape of a reference contactReference makes. */
export const isContactReference = (text: string): boolean => new RegExp(`^SUP-\\d{8}-[${ALPHABET}]{6}$`).test(text);

/** SUP-YYYYMMDD-XXXXXX: dated, so support staff can see at a glance how old a query is. */
export function contactReference(now: Date): string {
  const day = dayOf(now).replaceAll('-', '');
  const suffix = Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `SUP-${day}-${suffix}`;
}

export async function sendContactMessage(
  deps: { db: Conn; clock: Clock },
  message: ContactMessage,
  userId: number | null = null,
): Promise<ContactResponse> {
  const createdAt = deps.clock.now();
  const reference = contactReference(createdAt);
  await insertContactMessage(deps.db, { ...message, reference, createdAt, userId });
  return {
    success: true,
    message: CONTACT_THANKS,
    reference,
  };
}
