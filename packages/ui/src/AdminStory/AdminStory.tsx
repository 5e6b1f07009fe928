import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AdminOperator, OperatorRole } from '@separ/domain';
import { AdminRoleProvider } from '../AdminLayout/adminRole';
import { AdminLanguageButton, AdminLayout, type AdminSection } from '../AdminLayout/AdminLayout';

/** The operator of the console's stories. */
export const STORY_OPERATOR: AdminOperator = { username: 'alice', totpEnabled: true, role: 'owner' };

const noop = () => undefined;

/** The console's content area without the shell: its padding and width, as AdminLayout gives them. */
const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
  max-inline-size: 1200px;
  @media (max-width: 767.98px) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

/**
 * The one wrapper of the console's stories: with a `section`, the screen inside the console's
 * shell (menu, operator, language switch) as the web app shows it; without, the screen alone in
 * the shell's content area. Use it as a decorator: `decorators: [adminStory('plans')]`.
 */
export function InAdmin({
  section,
  counts,
  operatorRole = STORY_OPERATOR.role,
  children,
}: {
  section?: AdminSection;
  /** The signed-in operator's role (the owner's by default): the menu and the screens show what it may use. */
  operatorRole?: OperatorRole;
  /** The menu's counts (the receipts awaiting review). */
  counts?: Partial<Record<AdminSection, number>>;
  children: ReactNode;
}) {
  if (!section)
    return (
      <Main>
        <AdminRoleProvider operatorRole={operatorRole}>{children}</AdminRoleProvider>
      </Main>
    );
  return (
    <AdminLayout
      section={section}
      counts={counts}
      operator={{ ...STORY_OPERATOR, role: operatorRole }}
      onSignOut={noop}
      languageSwitch={<AdminLanguageButton onToggle={noop} />}
    >
      {children}
    </AdminLayout>
  );
}

/** The decorator of a console story (see InAdmin). */
export function adminStory(section?: AdminSection, counts?: Partial<Record<AdminSection, number>>) {
  return function AdminStoryDecorator(Story: () => ReactNode) {
    return (
      <InAdmin section={section} counts={counts}>
        {Story()}
      </InAdmin>
    );
  };
}
