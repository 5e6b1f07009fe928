import styled from 'styled-components';
import { Card } from '../Layout';
import { cluster, outlined, plainList, stack } from '../theme';

export const Guide = styled(Card)`
  ${stack(5)}
  padding: ${({ theme }) => theme.space(6)};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  > p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const GeneralSteps = styled.ol`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(6)};
  ${stack(2)}
`;

export const Apps = styled.ul`
  ${plainList}
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

export const App = styled.li`
  ${stack(2)}
  align-content: start;
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('md', 'bg')}
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p,
  ol {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ol {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
  }
`;

export const Downloads = styled.p`
  ${cluster(3)}
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;
