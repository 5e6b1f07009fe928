import styled from 'styled-components';
import { cluster } from '../theme';

/** The title row of a console screen: the heading and what it says, and the actions at the end. */
export const Head = styled.header`
  ${cluster(3)}
  align-items: flex-end;
  justify-content: space-between;
  margin-block-end: ${({ theme }) => theme.space(5)};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 800;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const TitleLine = styled.div`
  ${cluster(3)}
  align-items: center;
`;

export const Actions = styled.div`
  ${cluster(3)}
`;
