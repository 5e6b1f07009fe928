import { auditActionKey, isAuditAction } from '@separ/domain';

/**
 * The words the audit screen shows for an action: every action the server writes (AUDIT_ACTIONS,
 * @separ/domain) has a label in `admin:audit.actions`; an action it does not know gets null, and
 * the screen shows its code.
 */
export function auditActionLabel(action: string, t: (key: string) => string): string | null {
  return isAuditAction(action) ? t(`audit.actions.${auditActionKey(action)}`) : null;
}
