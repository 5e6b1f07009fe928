import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import { Icon } from '../icons';
import { NAV_LINKS } from '../links';
import { useLinkComponent } from '../provider';
import {
  Bar,
  Brand,
  DesktopOnly,
  Drawer,
  DrawerHead,
  DrawerLink,
  End,
  Inner,
  LangButton,
  MenuButtonWrap,
  Nav,
  NavLink,
  Overlay,
} from './Header.styles';

export interface HeaderProps {
  /** The page has scrolled more than 10 px: the header turns opaque (SPEC §2). */
  scrolled: boolean;
  loggedIn: boolean;
  drawerOpen: boolean;
  onOpenDrawer(): void;
  onCloseDrawer(): void;
  onToggleLanguage(): void;
}

/** The fixed site header: brand, five links, language toggle, Login or My Account, and a drawer on small screens. */
export function Header({ scrolled, loggedIn, drawerOpen, onOpenDrawer, onCloseDrawer, onToggleLanguage }: HeaderProps) {
  const { t } = useTranslation('common');
  const Link = useLinkComponent();
  const drawerId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (drawerOpen) closeRef.current?.focus();
  }, [drawerOpen]);
  const account = loggedIn
    ? { to: '/panel', label: t('header.myAccount') }
    : { to: '/login', label: t('header.login') };
  return (
    <>
      <Bar $opaque={scrolled || drawerOpen} className="not-for-print">
        <Inner>
          <Brand as={Link} to="/">
            <Icon name="shieldCheck" size={30} />
            <span>{t('brand.name')}</span>
          </Brand>
          <Nav aria-label={t('nav.label')}>
            {NAV_LINKS.map((link) => (
              <NavLink key={link.key} as={Link} to={link.to}>
                {t(`nav.${link.key}`)}
              </NavLink>
            ))}
          </Nav>
          <End>
            <LangButton
              type="button"
              onClick={onToggleLanguage}
              aria-label={`${t('language.toggle')}: ${t('language.switchTo')}`}
            >
              <Icon name="globe" size={18} />
              {t('language.switchTo')}
            </LangButton>
            <DesktopOnly>
              <Button to={account.to} size="sm" icon={loggedIn ? 'user' : undefined}>
                {account.label}
              </Button>
            </DesktopOnly>
            <MenuButtonWrap>
              <IconButton
                icon="menu"
                label={t('header.openMenu')}
                onDark={!(scrolled || drawerOpen)}
                aria-expanded={drawerOpen}
                aria-controls={drawerId}
                onClick={onOpenDrawer}
              />
            </MenuButtonWrap>
          </End>
        </Inner>
      </Bar>
      {drawerOpen ? (
        <>
          <Overlay data-testid="drawer-overlay" onClick={onCloseDrawer} />
          <Drawer
            id={drawerId}
            role="dialog"
            aria-modal="true"
            aria-label={t('header.menuTitle')}
            onKeyDown={(e) => e.key === 'Escape' && onCloseDrawer()}
          >
            <DrawerHead>
              <span>{t('header.menuTitle')}</span>
              <IconButton icon="x" label={t('header.closeMenu')} onClick={onCloseDrawer} ref={closeRef} />
            </DrawerHead>
            <nav aria-label={t('nav.label')}>
              {NAV_LINKS.map((link) => (
                <DrawerLink key={link.key} as={Link} to={link.to} onClick={onCloseDrawer}>
                  {t(`nav.${link.key}`)}
                </DrawerLink>
              ))}
            </nav>
            <Button to={account.to} fullWidth onClick={onCloseDrawer}>
              {account.label}
            </Button>
          </Drawer>
        </>
      ) : null}
    </>
  );
}
