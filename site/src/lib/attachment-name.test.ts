import { describe, expect, it } from 'vitest';
import { attachmentName } from './api.ts';

describe('attachmentName', () => {
  it('reads the plain and the UTF-8 forms of Content-Disposition', () => {
    expect(attachmentName('attachment; filename="my-data-2026-11-22.json"')).toBe('my-data-2026-11-22.json');
    expect(attachmentName('attachment; filename=card.png')).toBe('card.png');
    expect(attachmentName(`attachment; filename="card.png"; filename*=UTF-8''Kofi%E2%80%99s%20card.png`)).toBe(
      'Kofi’s card.png',
    );
  });

  it('gives null when the server named no file', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline')).toBeNull();
  });
});
