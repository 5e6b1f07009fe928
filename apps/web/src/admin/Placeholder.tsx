import { useTranslation } from 'react-i18next';
import { EmptyState } from '@separ/ui';
import type { AdminSection } from '@separ/ui';

/** A section whose screen is not in @separ/ui yet: its name, and that it is coming. */
export function SectionPlaceholder({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  return <EmptyState icon="info" title={t(`sections.${section}`)} message="…" />;
}
