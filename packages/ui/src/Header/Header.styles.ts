import styled, { css } from 'styled-components';
import { media, pageColumn } from '../theme';

/**
 * At the top of the page the header lies transparent over the page's dark band (absolute: its
 * contrast is that of the band); once the page scrolls past 10 px it is fixed and opaque.
 */
export const Bar = styled.header<{ $opaque: boolean }>`
  position: ${({ $opaque }) => ($opaque ? 'fixed' : 'absolute')};
  inset-block-start: 0;
  inset-inline: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  block-size: ${({ theme }) => theme.headerHeight}px;
  display: flex;
  align-items: center;
  transition:
    background 0.2s ease,
    box-shadow 0.2s ease;
  ${({ $opaque, theme }) =>
    $opaque
      ? css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          box-shadow: ${theme.shadows.md};
        `
      : css`
          background: transparent;
          color: ${theme.colors.heroText};
        `}
`;

export const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  ${pageColumn}
`;

export const Brand = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: inherit;
  text-decoration: none;
  font-weight: 800;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  svg {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

export const Nav = styled.nav`
  display: none;
  margin-inline-start: ${({ theme }) => theme.space(6)};
  ${media.lg} {
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

export const NavLink = styled.a`
  color: inherit;
  text-decoration: none;
  font-weight: 600;
  padding-block: ${({ theme }) => theme.space(2)};
  padding-inline: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  opacity: 0.92;
  &:hover {
    opacity: 1;
    background: rgba(127, 127, 127, 0.14);
  }
`;

export const End = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-inline-start: auto;
`;

export const LangButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-block-size: 44px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: inherit;
  font-weight: 600;
  cursor: pointer;
`;

export const DesktopOnly = styled.div`
  display: none;
  ${media.sm} {
    display: block;
  }
`;

export const MenuButtonWrap = styled.div`
  ${media.lg} {
    display: none;
  }
`;

export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  background: ${({ theme }) => theme.colors.overlay};
`;

export const Drawer = styled.div`
  position: fixed;
  inset-block: 0;
  inset-inline-end: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  inline-size: min(320px, 86vw);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  overflow-y: auto;
`;

export const DrawerHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-block-end: ${({ theme }) => theme.space(3)};
  font-weight: 800;
`;

export const DrawerLink = styled.a`
  display: block;
  padding-block: ${({ theme }) => theme.space(3)};
  padding-inline: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: inherit;
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
