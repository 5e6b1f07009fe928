import styled from 'styled-components';
import { media } from '../theme';

export const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  padding-block: ${({ theme }) => theme.space(8)};
`;

export const Summary = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  ${media.md} {
    grid-template-columns: 2fr 1fr;
  }
`;
