import styled from 'styled-components';
import { Card } from '../Layout';

export const Guide = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
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
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

export const Apps = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

export const App = styled.li`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
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
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;
