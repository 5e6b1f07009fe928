import { SectionPlaceholder } from './Placeholder.tsx';

export function AuditPage() {
  return <SectionPlaceholder section="audit" />;
}
