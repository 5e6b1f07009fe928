/**
 * The audit screen labels every action the server writes: AUDIT_ACTIONS (@separ/domain) is the
 * list the server's audit() accepts (its type), and the screen's `auditActionLabel`, with the
 * console's translations (`admin:audit.actions`), gives each a label of its own in both
 * languages; no label is left for an action the server does not write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionKey, isAuditAction } from '@separ/domain';
import { auditActionLabel } from './auditLabel';

const locales = join(import.meta.dirname, '../../../../locales');
const languages = ['fa', 'en'] as const;

function adminBundle(lng: string): { audit: { actions: Record<string, unknown> } } {
  return JSON.parse(readFileSync(join(locales, lng, 'admin.json'), 'utf8')) as {
    audit: { actions: Record<string, unknown> };
  };
}

/** The console's `t` in a language, as the screen gets it from `useTranslation('admin')`. */
async function adminT(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    // No fallback: a label missing in one language must not borrow the other's.
    fallbackLng: false,
    ns: ['admin'],
    defaultNS: 'admin',
    resources: { [lng]: { admin: adminBundle(lng) } },
    returnNull: false,
    returnEmptyString: false,
  });
  return i18n.getFixedT(lng, 'admin');
}

describe('the audit screen’s action labels', () => {
  it.each(languages)('label every action the server writes, in %s', async (lng) => {
    const t = await adminT(lng);
    // i18next answers a missing key with the key itself.
    const unlabelled = AUDIT_ACTIONS.filter((action) => {
      const label = auditActionLabel(action, t);
      return label === null || label.trim() === '' || label === `audit.actions.${auditActionKey(action)}`;
    });
    expect(unlabelled).toEqual([]);
    // Two actions never read the same.
    const labels = AUDIT_ACTIONS.map((action) => auditActionLabel(action, t));
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
  });

  it('shows the code of an action it does not know', async () => {
    const t = await adminT('en');
    expect(auditActionLabel('node.create', t)).toBeNull();
    expect(auditActionLabel('', t)).toBeNull();
  });

  it.each(languages)('keep no label of an action the server does not write, in %s', (lng) => {
    const keys = new Set(AUDIT_ACTIONS.map(auditActionKey));
    expect(Object.keys(adminBundle(lng).audit.actions).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('knows the server’s names, not the old guesses', () => {
    for (const action of ['operator.add', 'node.add', 'node.remove', 'operator.lock', 'operator.unlock'])
      expect(isAuditAction(action)).toBe(true);
    for (const action of ['operator.create', 'node.create', 'node.delete']) expect(isAuditAction(action)).toBe(false);
    // Two actions never share a label's key.
    expect(new Set(AUDIT_ACTIONS.map(auditActionKey)).size).toBe(AUDIT_ACTIONS.length);
  });
});
