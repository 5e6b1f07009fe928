export { AdminAuditScreen, type AdminAuditScreenProps } from './AdminAuditScreen';
export { auditDiff, auditValue, type AuditChange } from './auditDiff';
