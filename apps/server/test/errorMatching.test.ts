/**
 * No code path recognises an error by its message text (issue #29): errors carry codes (the
 * error table of `@separ/domain`, `AppError` on the server, `errorCode` in `@separ/api`), and
 * database errors are recognised by SQLSTATE and node:sqlite's `errcode` (`db/errors.ts`).
 * This scans the source of the server, the web app and the packages (tests and stories aside)
 * for the ways a message gets matched: compared (`.message === …`), searched
 * (`.message.includes(…)`, `.startsWith`, `.match` …) or run through a regular expression
 * (`/…/.test(error.message)`, `/…/.test(String(error))`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SCANNED = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'packages/api/src', 'packages/ui/src'];
const SKIPPED = /\.(test|stories)\.tsx?$|\.d\.ts$/;

/** Names an error is held under, for `String(error)` and templates made of it. */
const ERROR_NAMES = /^(e|err|error|cause|reason|failure)$/;
/** Fields that hold an error's text. */
const TEXT_FIELDS = new Set(['message', 'errstr']);
const SEARCHES = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'match',
  'matchAll',
  'search',
  'indexOf',
  'localeCompare',
]);
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** `x.message` (or `x?.message`, `x['message']`). */
function isTextField(node: ts.Node): boolean {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (ts.isPropertyAccessExpression(inner)) return TEXT_FIELDS.has(inner.name.text);
  if (ts.isElementAccessExpression(inner))
    return ts.isStringLiteral(inner.argumentExpression) && TEXT_FIELDS.has(inner.argumentExpression.text);
  return false;
}

/** An error made text: `x.message`, `String(error)`, `${error}` or `error.toString()`. */
function isErrorText(node: ts.Node): boolean {
  if (isTextField(node)) return true;
  if (ts.isCallExpression(node)) {
    const [argument] = node.arguments;
    if (ts.isIdentifier(node.expression) && node.expression.text === 'String' && argument)
      return (ts.isIdentifier(argument) && ERROR_NAMES.test(argument.text)) || isTextField(argument);
    if (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'toString')
      return ts.isIdentifier(node.expression.expression) && ERROR_NAMES.test(node.expression.expression.text);
  }
  if (ts.isTemplateExpression(node))
    return node.templateSpans.some(
      (span) =>
        isTextField(span.expression) || (ts.isIdentifier(span.expression) && ERROR_NAMES.test(span.expression.text)),
    );
  return false;
}

/** Where a source text matches an error by its message: `line: code` for each. */
export function messageMatches(source: string, fileName = 'source.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}: ${node.getText(file).replace(/\s+/g, ' ').slice(0, 120)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
      if (isTextField(node.left) || isTextField(node.right)) report(node);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (SEARCHES.has(method) && isErrorText(node.expression.expression)) report(node);
      else if ((method === 'test' || method === 'exec') && node.arguments.some(isErrorText)) report(node);
    } else if (ts.isSwitchStatement(node) && isTextField(node.expression)) report(node.expression);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !SKIPPED.test(name) ? [path] : [];
  });
}

describe('errors are matched by their codes, never by their text', () => {
  it('finds each way of matching a message (the scan itself)', () => {
    const bad = [
      "if (error.message === 'Current password is incorrect') return;",
      'if (message !== err.message) return;',
      "const gone = error.message.includes('terminated');",
      "const locked = e?.message.startsWith('database is locked');",
      'if (/unique|duplicate/i.test(String(error))) retry();',
      'if (/SQLITE_BUSY/.test(`${error.message} ${code}`)) busy();',
      'if (/unique/.exec(error.message)) retry();',
      'switch (error.message) { default: }',
      "if (String(error).includes('duplicate')) retry();",
      "if (err['message'] == 'x') retry();",
    ];
    for (const line of bad) expect(messageMatches(line), line).toHaveLength(1);
    const fine = [
      "if (isAppError(error, 'overloaded')) refund();",
      "if (error.code === '23505') retry();",
      'const line = `separ-admin: ${error.message}`;',
      'reply.send({ ok: false, message: error.message, code: error.code });',
      'if (/^\\d{8}$/.test(c.message.text)) link();',
      'if (/^[0-9A-Z]{5}$/.test(code)) sqlState();',
    ];
    for (const line of fine) expect(messageMatches(line), line).toEqual([]);
  });

  it('finds none in the server, the web app and the packages', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      messageMatches(readFileSync(path, 'utf8'), path).map((hit) => `${relative(ROOT, path)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
