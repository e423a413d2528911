import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './markup.ts';

describe('escapeMarkup', () => {
  it('leaves no character that could open a tag, end an attribute or start an entity', () => {
    expect(escapeMarkup(`<script>"Ama's" & co</script>`)).toBe(
      '&lt;script&gt;&quot;Ama&#39;s&quot; &amp; co&lt;/script&gt;',
    );
    expect(escapeMarkup('Plain words')).toBe('Plain words');
  });
});
