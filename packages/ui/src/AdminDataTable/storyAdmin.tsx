import type { ReactNode } from 'react';
import styled from 'styled-components';

const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
  max-inline-size: 1200px;
  @media (max-width: 767.98px) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

/** An admin screen as the admin's layout holds it (stories only; the web app wraps it in its layout). */
export function InAdmin({ children }: { children: ReactNode }) {
  return <Main>{children}</Main>;
}
