import styled from 'styled-components';
import { media, stack } from '../theme';

export const Page = styled.div`
  ${stack(6)}
  padding-block: ${({ theme }) => theme.space(8)};
`;

/**
 * The status and the data side by side from md (the status card spans the dashboard's grid; here it
 * takes the wide column, the data ring the narrow one), the data's reset under both.
 */
export const Summary = styled.div`
  ${stack(5)}
  ${media.md} {
    grid-template-columns: 2fr 1fr;
    > :first-child {
      grid-column: auto;
    }
  }
`;

/** The names of the subscription's links, as the apps list them. */
export const LinkList = styled.section`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
`;
