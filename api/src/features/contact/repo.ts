import type { ContactMessage } from '../../../../contract/contact.ts';
import type { Conn } from '../../db.ts';

/** `userId`: the signed-in sender, whose data export shows the message; null for a visitor. */
export async function insertContactMessage(
  conn: Conn,
  m: ContactMessage & { reference: string; createdAt: Date; userId: number | null },
): Promise<void> {
  await conn('contact_messages').insert({
    reference: m.reference,
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    category: m.category,
    message: m.message,
    user_type: m.userType ?? null,
    user_id: m.userId,
    created_at: m.createdAt,
  });
}

/** A forgotten account's messages to the team, signed in or sent from its email (privacy/anonymise.ts). */
export const forgetContactMessagesOf = (conn: Conn, userId: number, email: string) =>
  conn('contact_messages').where({ user_id: userId }).orWhereRaw('lower(email) = lower(?)', [email]).delete();
