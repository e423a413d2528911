import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '../../../contract/contact.ts';
import { $contactForm, sendContactMessage } from './contact.ts';
import { $toast, dismissToast } from './toast.ts';

const valid = {
  name: 'Ama Mensah',
  email: 'ama@example.com',
  phone: '',
  subject: '',
  category: '',
  userType: '',
  message: 'Hello',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  $contactForm.set({ sending: false, errors: {} });
});

describe('sendContactMessage', () => {
  it('stops with "Missing Information" when a required field is empty, without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const result = await sendContactMessage({ ...valid, message: '   ' });
    expect(result).toEqual({ ok: false, field: 'message' });
    expect($toast.get()).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
      variant: 'destructive',
    });
    expect($contactForm.get().errors).toEqual({ message: CONTACT_MESSAGES.missing });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports an invalid email with the contract message', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const result = await sendContactMessage({ ...valid, email: 'not-an-email' });
    expect(result).toEqual({ ok: false, field: 'email' });
    expect($toast.get()?.title).toBe(CONTACT_MESSAGES.invalidEmail);
  });

  it('posts the parsed body and shows the reference on success', async () => {
    const fetch = vi.fn(async () =>
      json(201, { success: true, message: 'We will reply within 24 hours.', reference: 'CT-ABC123' }),
    );
    vi.stubGlobal('fetch', fetch);
    const result = await sendContactMessage({ ...valid, category: 'payment', userType: 'customer' });
    expect(result).toEqual({ ok: true });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Ama Mensah',
      email: 'ama@example.com',
      phone: '',
      subject: '',
      category: 'payment',
      userType: 'customer',
      message: 'Hello',
    });
    expect($toast.get()).toMatchObject({
      title: 'Message Sent Successfully!',
      description: 'We will reply within 24 hours.\nReference: CT-ABC123',
      variant: 'success',
    });
    expect($contactForm.get().sending).toBe(false);
  });

  it('sends the default category when none is chosen', async () => {
    const fetch = vi.fn(async () => json(201, { success: true, message: 'ok', reference: 'R' }));
    vi.stubGlobal('fetch', fetch);
    await sendContactMessage(valid);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toMatchObject({ category: 'other' });
    expect(JSON.parse(String(init.body))).not.toHaveProperty('userType');
  });

  it('shows the server message and field errors on a 400', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          success: false,
          message: 'Please check the form',
          errors: [{ field: 'phone', message: 'Bad phone' }],
        }),
      ),
    );
    const result = await sendContactMessage(valid);
    expect(result).toEqual({ ok: false, field: 'phone' });
    expect($toast.get()).toMatchObject({ title: 'Failed to Send Message', description: 'Please check the form' });
    expect($contactForm.get().errors).toEqual({ phone: 'Bad phone' });
  });

  it('falls back when the server gives no message, and uses the network message when unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    await sendContactMessage(valid);
    expect($toast.get()).toMatchObject({
      title: 'Failed to Send Message',
      description: 'Please try again or contact us directly.',
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await sendContactMessage(valid);
    expect($toast.get()?.description).toBe(CONTACT_MESSAGES.network);
  });

  it('ignores a second submit while the first is sending', async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const first = sendContactMessage(valid);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect($contactForm.get().sending).toBe(true);
    expect(await sendContactMessage(valid)).toEqual({ ok: false });
    answer(json(201, { success: true, message: 'ok', reference: 'R' }));
    expect(await first).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
