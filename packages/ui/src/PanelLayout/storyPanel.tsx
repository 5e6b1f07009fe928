import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../PageHeader';
import { InShell } from '../SiteShell/storyShell';
import { PanelLayout, type PanelRoute } from './PanelLayout';

/** A panel page inside the site shell and the panel menu (stories only). */
export function InPanel({ active, ios = 1, children }: { active: PanelRoute; ios?: number; children: ReactNode }) {
  const { t } = useTranslation('panel');
  return (
    <InShell loggedIn>
      <PageHeader title={t('title')} />
      <PanelLayout active={active} ios={ios} onLogout={() => undefined}>
        {children}
      </PanelLayout>
    </InShell>
  );
}
