import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../../../contract/contact.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

// docs/PRODUCT.md "Support": "name, email and message required; if any is empty the message is
// 'Missing Information: Please fill in all required fields.'"; POST /api/contact → success, message, reference.
const valid = {
  name: 'Ama Mensah',
  email: 'ama@example.com',
  phone: '0241234567',
  subject: 'Booking question',
  category: 'booking',
  message: 'Can I book a plumber for Saturday?',
  userType: 'customer',
};

describe('POST /api/contact', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('stores the message and answers with a reference the user can quote', async () => {
    const res = await app.request('/api/contact', { method: 'POST', json: valid });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toMatch(/24 hours/);
    expect(res.body.reference).toMatch(/^SUP-20261122-[2-9A-HJ-NP-Z]{6}$/);
    const stored = await app.db('contact_messages').where({ reference: res.body.reference }).first();
    expect(stored).toMatchObject({
      name: 'Ama Mensah',
      email: 'ama@example.com',
      phone: '0241234567',
      subject: 'Booking question',
      category: 'booking',
      message: 'Can I book a plumber for Saturday?',
      user_type: 'customer',
    });
  });

  it('accepts only the required fields, filing it under "other"', async () => {
    const res = await app.request('/api/contact', {
      method: 'POST',
      json: { name: 'Kofi', email: 'kofi@example.com', message: 'Hello' },
    });
    expect(res.status).toBe(201);
    const stored = await app.db('contact_messages').where({ reference: res.body.reference }).first();
    expect(stored).toMatchObject({ category: 'other', phone: '', subject: '', user_type: null });
  });

  it('gives each message its own reference', async () => {
    const refs = new Set<string>();
    for (let i = 0; i < 5; i++)
      refs.add((await app.request('/api/contact', { method: 'POST', json: valid })).body.reference);
    expect(refs.size).toBe(5);
  });

  for (const field of ['name', 'email', 'message'] as const) {
    it(`refuses a missing ${field}`, async () => {
      const { [field]: _omitted, ...rest } = valid;
      const res = await app.request('/api/contact', { method: 'POST', json: rest });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: CONTACT_MESSAGES.missing });
      expect(res.body.errors).toContainEqual({ field, message: CONTACT_MESSAGES.missing });
    });

    it(`refuses a ${field} of only spaces`, async () => {
      const res = await app.request('/api/contact', { method: 'POST', json: { ...valid, [field]: '   ' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CONTACT_MESSAGES.missing);
    });
  }

  it('refuses an invalid email', async () => {
    const res = await app.request('/api/contact', { method: 'POST', json: { ...valid, email: 'ama@' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CONTACT_MESSAGES.invalidEmail);
  });

  it('refuses a phone that is not a Ghana number', async () => {
    const res = await app.request('/api/contact', { method: 'POST', json: { ...valid, phone: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'phone', message: CONTACT_MESSAGES.invalidPhone });
  });

  it('refuses a category or "I am a" value outside the lists', async () => {
    const badCategory = await app.request('/api/contact', { method: 'POST', json: { ...valid, category: 'billing' } });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.errors[0].field).toBe('category');
    const badType = await app.request('/api/contact', { method: 'POST', json: { ...valid, userType: 'hacker' } });
    expect(badType.status).toBe(400);
    expect(badType.body.errors[0].field).toBe('userType');
  });

  it('refuses an over-long message and stores nothing', async () => {
    const before = await app.db('contact_messages').count({ n: '*' });
    const res = await app.request('/api/contact', { method: 'POST', json: { ...valid, message: 'x'.repeat(5001) } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('message');
    expect(await app.db('contact_messages').count({ n: '*' })).toEqual(before);
  });
});
