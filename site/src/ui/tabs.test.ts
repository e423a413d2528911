import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../contract/source-files.test-helper.ts';
import { tabAfterKey } from './Tabs.tsx';

const SITE = new URL('../', import.meta.url).pathname;

describe('tabs', () => {
  it('moves with the arrows round the ends, Home and End, and not for another key', () => {
    expect(tabAfterKey('ArrowRight', 0, 4)).toBe(1);
    expect(tabAfterKey('ArrowLeft', 0, 4)).toBe(3);
    expect(tabAfterKey('ArrowRight', 3, 4)).toBe(0);
    expect(tabAfterKey('End', 1, 4)).toBe(3);
    expect(tabAfterKey('Home', 2, 4)).toBe(0);
    expect(tabAfterKey('Enter', 2, 4)).toBe(-1);
  });

  // One tab list, so its keys, ids and unread badges behave the same on every screen
  // (docs/HOUSE-RULES.md "Browser").
  it('no file but ui/Tabs.tsx draws a tab list', () => {
    const byHand = filesUnder(SITE, (path) => /\.(tsx|astro)$/.test(path) && !path.endsWith('ui/Tabs.tsx'))
      .filter((path) => /role=["{']*tab(list)?["}']/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SITE, path));
    expect(byHand).toEqual([]);
  });
});
