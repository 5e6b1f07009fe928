/**
 * The audit screen labels every action the server writes: AUDIT_ACTIONS (@separ/domain) is the
 * list the server's audit() accepts, and each of them has a label in `adminOps:audit.actions` in
 * both languages; no label is left for an action the server does not write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionKey, isAuditAction } from '@separ/domain';

const locales = join(import.meta.dirname, '../../../../locales');

function actionLabels(lng: 'fa' | 'en'): Record<string, unknown> {
  const ops = JSON.parse(readFileSync(join(locales, lng, 'adminOps.json'), 'utf8')) as {
    audit: { actions: Record<string, unknown> };
  };
  return ops.audit.actions;
}

describe('the audit screen’s action labels', () => {
  it.each(['fa', 'en'] as const)('label every action the server writes, in %s', (lng) => {
    const labels = actionLabels(lng);
    const missing = AUDIT_ACTIONS.filter((action) => {
      const label = labels[auditActionKey(action)];
      return typeof label !== 'string' || label.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it.each(['fa', 'en'] as const)('keep no label of an action the server does not write, in %s', (lng) => {
    const keys = new Set(AUDIT_ACTIONS.map(auditActionKey));
    expect(Object.keys(actionLabels(lng)).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('knows the server’s names, not the old guesses', () => {
    for (const action of ['operator.add', 'node.add', 'node.remove', 'operator.lock', 'operator.unlock'])
      expect(isAuditAction(action)).toBe(true);
    for (const action of ['operator.create', 'node.create', 'node.delete']) expect(isAuditAction(action)).toBe(false);
    // Two actions never share a label's key.
    expect(new Set(AUDIT_ACTIONS.map(auditActionKey)).size).toBe(AUDIT_ACTIONS.length);
  });
});
