import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SHOP_NAMES, type Language } from '@separ/domain';

type Tree = { [key: string]: string | Tree };

/** Server-rendered texts (e-mails, the sandbox bank) come from the same locale files as the site. */
export class Texts {
  private readonly cache = new Map<string, Tree>();
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private bundle(lng: Language, ns: string): Tree {
    const key = `${lng}/${ns}`;
    let tree = this.cache.get(key);
    if (!tree) {
      const file = join(this.dir, lng, `${ns}.json`);
      tree = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : {};
      this.cache.set(key, tree);
    }
    return tree;
  }

  /**
   * The text at "ns:a.b.c" with {{name}} filled in; the key itself when missing. `{{shop}}` is the
   * shop's name: the caller gives the operator's (shopNameIn), else the default in the language.
   */
  t(lng: Language, path: string, vars: Record<string, string | number> = {}): string {
    const [ns, key] = path.split(':') as [string, string];
    const value = key
      .split('.')
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        this.bundle(lng, ns),
      );
    if (typeof value !== 'string') return path;
    const all: Record<string, string | number> = { shop: DEFAULT_SHOP_NAMES[lng], ...vars };
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(all[name] ?? ''));
  }
}
