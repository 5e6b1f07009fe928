import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A character no self-hosted face covers is drawn by whatever font the machine has: the page looks
 * different per device, and the stories' screenshots differ per machine (the audit log's "before ←
 * after" header did). Every visible text of the locales must fall inside the unicode-range of a face
 * that fonts.ts loads.
 */
const require = createRequire(import.meta.url);
const FONT_CSS = ['@fontsource/vazirmatn/400.css', '@fontsource-variable/inter/wght.css'];

function coveredRanges(): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const file of FONT_CSS) {
    const css = readFileSync(require.resolve(file), 'utf8');
    for (const match of css.matchAll(/unicode-range:([^;}]*)/g)) {
      for (const part of match[1]!.split(',')) {
        const [from, to] = part.trim().slice(2).split('-');
        ranges.push([parseInt(from!, 16), parseInt(to ?? from!, 16)]);
      }
    }
  }
  return ranges;
}

function uncovered(text: string, ranges: Array<[number, number]>): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20) continue;
    if (!ranges.some(([from, to]) => code >= from && code <= to)) missing.add(char);
  }
  return [...missing];
}

describe('self-hosted fonts', () => {
  const ranges = coveredRanges();

  it('read the faces’ ranges (Persian letters and digits, Latin)', () => {
    expect(uncovered('سپر ۱۴۰۵ Separ 2026', ranges)).toEqual([]);
    // The check can fail: arrows are in neither face.
    expect(uncovered('پیش ← پس', ranges)).toEqual(['←']);
  });

  it('cover every character of the locales in both languages', () => {
    const root = join(import.meta.dirname, '../../../../locales');
    for (const language of ['fa', 'en']) {
      for (const file of readdirSync(join(root, language))) {
        const text = readFileSync(join(root, language, file), 'utf8');
        expect(uncovered(text, ranges), `${language}/${file}`).toEqual([]);
      }
    }
  });
});
