import type { AdminOperator } from '@separ/domain';
import { SectionPlaceholder } from './Placeholder.tsx';

export function OperatorsPage(_props: { operator: AdminOperator }) {
  return <SectionPlaceholder section="operators" />;
}
export function AuditPage() {
  return <SectionPlaceholder section="audit" />;
}
export function OutboxPage() {
  return <SectionPlaceholder section="outbox" />;
}
