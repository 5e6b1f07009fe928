import type { ReactNode } from 'react';
import type { AdminOperator } from '@separ/domain';
import { AdminLanguageButton, AdminLayout, type AdminSection } from './AdminLayout';

/** The operator of the console's stories. */
export const STORY_OPERATOR: AdminOperator = { username: 'alice', totpEnabled: true };

const noop = () => undefined;

/** A console screen inside the console's shell, as the web app shows it (stories only). */
export function InAdmin({ section, children }: { section: AdminSection; children: ReactNode }) {
  return (
    <AdminLayout
      section={section}
      operator={STORY_OPERATOR}
      onSignOut={noop}
      languageSwitch={<AdminLanguageButton onToggle={noop} />}
    >
      {children}
    </AdminLayout>
  );
}
