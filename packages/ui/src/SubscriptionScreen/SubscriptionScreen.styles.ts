import styled from 'styled-components';
import { media, stack } from '../theme';

export const Page = styled.div`
  ${stack(6)}
  padding-block: ${({ theme }) => theme.space(8)};
`;

export const Summary = styled.div`
  ${stack(5)}
  ${media.md} {
    grid-template-columns: 2fr 1fr;
  }
`;
