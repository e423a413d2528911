import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  VERIFICATION_MESSAGES,
  type VerificationResponse,
} from '../../../contract/verification.ts';
import { tellNews } from './fake-news.test-helper.ts';
import { $verification, uploadDocument, uploadTimeoutMs, withType } from './verification.ts';

vi.mock('./events.ts', async (actual) =>
  (await import('./fake-news.test-helper.ts')).withFakeNews(await actual<typeof import('./events.ts')>()),
);

const answer: VerificationResponse = {
  success: true,
  message: VERIFICATION_MESSAGES.uploaded,
  verification: { status: 'pending', reason: null, verifiedAt: null },
  documents: [
    {
      id: 7,
      kind: 'ghana-card',
      fileName: 'card front.png',
      contentType: 'image/png',
      size: 4,
      uploadedAt: '2026-11-22T09:00:00.000Z',
    },
  ],
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the verification shown', () => {
  it('is read when the card watches it, and again when an administrator decides', async () => {
    const fetch = vi.fn(async () => json(200, answer));
    vi.stubGlobal('fetch', fetch);
    const unwatch = $verification.listen(() => undefined);
    await vi.waitFor(() => expect($verification.value).toEqual({ state: 'loaded', data: answer }));
    expect(fetch).toHaveBeenCalledWith('/api/professional/documents', expect.anything());
    const verified = {
      ...answer,
      verification: { status: 'verified', reason: null, verifiedAt: answer.documents[0].uploadedAt },
    };
    fetch.mockImplementation(async () => json(200, verified));
    tellNews('verification.decided');
    await vi.waitFor(() => expect($verification.value).toEqual({ state: 'loaded', data: verified }));
    unwatch();
    cleanStores($verification);
  });
});

describe('uploadDocument', () => {
  it('sends nothing for an empty, oversize or wrong-type file, and says why', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const shown = $verification.value;
    const cases: [File, string][] = [
      [new File([], 'card.png', { type: 'image/png' }), VERIFICATION_MESSAGES.empty],
      [
        new File([new Uint8Array(DOCUMENT_MAX_BYTES + 1)], 'card.png', { type: 'image/png' }),
        VERIFICATION_MESSAGES.tooLarge,
      ],
      [new File(['hello'], 'card.txt', { type: 'text/plain' }), VERIFICATION_MESSAGES.wrongType],
      [new File(['GIF89a'], 'card.gif', { type: 'image/gif' }), VERIFICATION_MESSAGES.wrongType],
    ];
    for (const [file, message] of cases) {
      expect(await uploadDocument('ghana-card', file), file.name).toEqual({ ok: false, message, fields: {} });
    }
    expect(fetch).not.toHaveBeenCalled();
    expect($verification.value).toBe(shown);
  });

  it('PUTs the raw file with its type and encoded name, and shows the server answer', async () => {
    const fetch = vi.fn(async () => json(200, answer));
    vi.stubGlobal('fetch', fetch);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card front.png', { type: 'image/png' });
    expect(await uploadDocument('ghana-card', file)).toEqual({ ok: true, message: VERIFICATION_MESSAGES.uploaded });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/professional/documents/ghana-card');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'Content-Type': 'image/png', 'X-File-Name': 'card%20front.png' });
    expect($verification.value).toEqual({ state: 'loaded', data: answer });
  });

  it('never reports success when the server refuses: its message is the outcome', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { success: false, message: VERIFICATION_MESSAGES.typeMismatch })),
    );
    const shown = $verification.value;
    const file = new File(['not really a pdf'], 'cert.pdf', { type: 'application/pdf' });
    expect(await uploadDocument('trade-certificate', file)).toEqual({
      ok: false,
      message: VERIFICATION_MESSAGES.typeMismatch,
      fields: {},
    });
    expect($verification.value).toBe(shown);
  });
});

describe('helpers', () => {
  it('names a type-less file by its extension, and leaves others alone', () => {
    expect(withType(new File(['x'], 'SCAN.PDF')).type).toBe('application/pdf');
    expect(withType(new File(['x'], 'photo.jpg')).type).toBe('image/jpeg');
    expect(withType(new File(['x'], 'notes')).type).toBe('');
    expect(withType(new File(['x'], 'a.png', { type: 'image/gif' })).type).toBe('image/gif');
  });

  it('allows a slow 3G upload of 5 MB several minutes', () => {
    expect(uploadTimeoutMs(0)).toBe(30_000);
    expect(uploadTimeoutMs(DOCUMENT_MAX_BYTES)).toBe(30_000 + 320_000);
  });
});
