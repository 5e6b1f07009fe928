import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Language } from './browser.ts';

const LOCALES = resolve(import.meta.dirname, '../../../locales');
const cache = new Map<string, unknown>();

/**
 * A text as the product shows it, from the translation files: `text('en', 'auth:login.submit')`.
 * Journeys find controls by what a visitor reads, in either language.
 */
export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const [ns, path] = key.split(':') as [string, string];
  const file = `${language}/${ns}`;
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(resolve(LOCALES, `${file}.json`), 'utf8')));
  let node = cache.get(file);
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No text ${key} in ${language}`);
  return node.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}
