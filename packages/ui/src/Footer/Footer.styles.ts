import styled from 'styled-components';
import { cluster, media, plainList, stack } from '../theme';

export const Root = styled.footer`
  background: ${({ theme }) => theme.colors.hero};
  color: ${({ theme }) => theme.colors.heroMuted};
  padding-block: ${({ theme }) => theme.space(11)} ${({ theme }) => theme.space(7)};
  a {
    color: ${({ theme }) => theme.colors.heroMuted};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.heroText};
    text-decoration: underline;
  }
`;

export const Columns = styled.div`
  ${stack(8)}
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.lg} {
    grid-template-columns: 1.6fr repeat(4, 1fr);
  }
`;

export const About = styled.div`
  ${stack(4)}
  align-content: start;
`;

export const Brand = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.heroText};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  svg {
    color: ${({ theme }) => theme.colors.accentSoft};
  }
`;

export const Column = styled.nav`
  ${stack(2)}
  align-content: start;
`;

export const ColumnTitle = styled.h2`
  color: ${({ theme }) => theme.colors.heroText};
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin-block-end: ${({ theme }) => theme.space(2)};
`;

export const List = styled.ul`
  ${plainList}
  ${stack(2)}
`;

export const Bottom = styled.div`
  ${cluster(4)}
  align-items: center;
  justify-content: space-between;
  margin-block-start: ${({ theme }) => theme.space(10)};
  padding-block-start: ${({ theme }) => theme.space(6)};
  border-block-start: 1px solid rgba(255, 255, 255, 0.14);
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Legal = styled.ul`
  ${cluster(5)}
  ${plainList}
`;
