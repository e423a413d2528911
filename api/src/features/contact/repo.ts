import type { ContactMessage } from '../../../../contract/contact.ts';
import type { Db } from '../../db.ts';

export interface ContactRepo {
  insert(message: ContactMessage & { reference: string; createdAt: Date }): Promise<void>;
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
      created_at: m.createdAt,
    });
  },
});
