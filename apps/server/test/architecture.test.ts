import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's arrows (docs/ARCHITECTURE.md), checked on the import graph that TypeScript itself
 * reads from apps/server/src (type-only imports count: they tie files together as much as any).
 * ESLint stops the wrong imports as they are written; this proves the whole graph has no cycle.
 */
const SRC = resolve(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each file of src (relative path) and the files of src it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(SRC, resolve(dirname(file), name)));
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected parts of more than one file, or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const layer = (path: string) => {
  const [top, name] = path.split('/');
  return top === 'modules' ? `modules/${name}` : top === 'platform' ? 'platform' : 'composition';
};

describe('the server import graph', () => {
  const graph = importGraph();

  it('reads the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get('root.ts')).toContain('modules/nodes/index.ts');
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const sample = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(sample)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no import cycle in apps/server/src', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps the platform free of modules and the composition', () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      layer(file) === 'platform' ? targets.filter((t) => layer(t) !== 'platform').map((t) => `${file} -> ${t}`) : [],
    );
    expect(wrong).toEqual([]);
  });

  it('reaches another module only through its index.ts, and never the composition from a module', () => {
    const wrong = [...graph].flatMap(([file, targets]) => {
      const from = layer(file);
      if (!from.startsWith('modules/')) return [];
      return targets
        .filter((t) => {
          const to = layer(t);
          if (to === 'composition') return true;
          return to.startsWith('modules/') && to !== from && !/^modules\/[^/]+\/index\.ts$/.test(t);
        })
        .map((t) => `${file} -> ${t}`);
    });
    expect(wrong).toEqual([]);
  });
});
