import styled from 'styled-components';
import { cluster, media, plainList, stack } from '../theme';

/** The console: the menu at the inline start beside the page from 1024 px, a top bar above it below. */
export const Shell = styled.div`
  min-block-size: 100vh;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  background: ${({ theme }) => theme.colors.bg};
  ${media.lg} {
    grid-template-columns: 248px minmax(0, 1fr);
  }
`;

export const Side = styled.header`
  background: ${({ theme }) => theme.colors.hero};
  color: ${({ theme }) => theme.colors.heroText};
  ${media.lg} {
    position: sticky;
    inset-block-start: 0;
    block-size: 100vh;
    overflow-y: auto;
    display: flex;
    flex-direction: column;
  }
`;

export const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: 60px;
  padding-inline: ${({ theme }) => theme.space(4)};
  ${media.lg} {
    min-block-size: 72px;
    padding-inline: ${({ theme }) => theme.space(5)};
  }
`;

export const Brand = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 800;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  small {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.heroMuted};
  }
`;

export const MenuToggle = styled.div`
  ${media.lg} {
    display: none;
  }
`;

/** The menu and the operator's block: folded under the bar on small screens, always shown from 1024 px. */
export const Drawer = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding-inline: ${({ theme }) => theme.space(3)};
  padding-block-end: ${({ theme }) => theme.space(4)};
  ${media.lg} {
    display: flex;
    flex: 1;
  }
`;

export const Nav = styled.nav`
  ul {
    ${plainList}
    display: grid;
    gap: 2px;
  }
`;

export const NavItem = styled.a<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: 44px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme, $active }) => ($active ? theme.colors.heroText : theme.colors.heroMuted)};
  background: ${({ $active }) => ($active ? 'rgba(255, 255, 255, 0.14)' : 'transparent')};
  font-weight: ${({ $active }) => ($active ? 800 : 600)};
  text-decoration: none;
  border-inline-start: 3px solid ${({ theme, $active }) => ($active ? theme.colors.focus : 'transparent')};
  &:hover {
    background: rgba(255, 255, 255, 0.08);
    color: ${({ theme }) => theme.colors.heroText};
  }
`;

/** A section's count in the menu (receipts awaiting review), at the item's end. */
export const NavCount = styled.span`
  margin-inline-start: auto;
  min-inline-size: 24px;
  padding-inline: ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.focus};
  color: ${({ theme }) => theme.colors.hero};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 800;
  line-height: 24px;
  text-align: center;
`;

export const Operator = styled.div`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(3)};
  border-block-start: 1px solid rgba(255, 255, 255, 0.16);
  ${media.lg} {
    margin-block-start: auto;
  }
`;

export const Who = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.heroMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  strong {
    color: ${({ theme }) => theme.colors.heroText};
  }
`;

export const OperatorActions = styled.div`
  ${cluster(2)}
  align-items: center;
`;

export const Main = styled.main`
  min-inline-size: 0;
  padding-block: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(10)};
  padding-inline: ${({ theme }) => theme.space(4)};
  ${media.md} {
    padding-inline: ${({ theme }) => theme.space(8)};
  }
  ${media.lg} {
    padding-block-start: ${({ theme }) => theme.space(8)};
  }
`;

export const Content = styled.div`
  max-inline-size: 1200px;
  margin-inline: auto;
`;

/** A button on the dark menu (sign out, the language switch). */
export const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-block-size: 40px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid rgba(255, 255, 255, 0.4);
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.heroText};
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: rgba(255, 255, 255, 0.12);
  }
  &:disabled {
    cursor: progress;
    opacity: 0.8;
  }
`;
