import type { AdminOperator } from '@separ/domain';
import { SectionPlaceholder } from './Placeholder.tsx';

export function NodesPage() {
  return <SectionPlaceholder section="nodes" />;
}
export function OutboxPage() {
  return <SectionPlaceholder section="outbox" />;
}
export function OperatorsPage(_props: { operator: AdminOperator }) {
  return <SectionPlaceholder section="operators" />;
}
export function AuditPage() {
  return <SectionPlaceholder section="audit" />;
}
export function SettingsPage(_props: { operator: AdminOperator }) {
  return <SectionPlaceholder section="settings" />;
}
