import type { ContactMessage } from '../../../../contract/contact.ts';
import type { Db } from '../../db.ts';

export interface ContactRepo {
  /** `userId`: the signed-in sender, whose data export shows the message; null for a visitor. */
  insert(message: ContactMessage & { reference: string; createdAt: Date; userId: number | null }): Promise<void>;
}

export const contactRepo = (db: Db): ContactRepo => ({
  async insert(m) {
    await db('contact_messages').insert({
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
  },
});
