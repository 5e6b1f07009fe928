import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CookieBanner } from '../CookieBanner';
import { Footer } from '../Footer';
import { Header, type HeaderProps } from '../Header';

const Skip = styled.a`
  position: absolute;
  inset-inline-start: ${({ theme }) => theme.space(3)};
  inset-block-start: -100px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.sm};
  &:focus {
    inset-block-start: ${({ theme }) => theme.space(3)};
  }
`;

const Main = styled.main`
  min-block-size: 60vh;
`;

export interface SiteShellProps extends HeaderProps {
  /** Show the consent banner (until a choice is made). */
  showCookieBanner: boolean;
  onAcceptCookies(): void;
  onRejectCookies(): void;
  year: number;
  children: ReactNode;
}

/** The one layout of every route: skip link, fixed header, the page, footer and cookie banner. */
export function SiteShell({
  showCookieBanner,
  onAcceptCookies,
  onRejectCookies,
  year,
  children,
  ...header
}: SiteShellProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <Skip href="#main">{t('a11y.skipToContent')}</Skip>
      <Header {...header} />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer onToggleLanguage={header.onToggleLanguage} year={year} />
      {showCookieBanner ? <CookieBanner onAccept={onAcceptCookies} onReject={onRejectCookies} /> : null}
    </>
  );
}
