import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roleSees, type AdminOperator } from '@separ/domain';
import { AdminRoleProvider } from './adminRole';
import { useFormat } from '../format';
import { IconButton } from '../IconButton';
import { Icon, type IconName } from '../icons';
import { Ltr, VisuallyHidden } from '../Layout';
import { useLinkComponent, type LinkProps } from '../provider';
import { Spinner } from '../Spinner';
import {
  Bar,
  Brand,
  Content,
  Drawer,
  Main,
  MenuButton,
  MenuToggle,
  Nav,
  NavCount,
  NavItem,
  Operator,
  OperatorActions,
  Shell,
  Side,
  Who,
} from './AdminLayout.styles';

/** The sections of the console, in the menu's order. */
export type AdminSection =
  | 'overview'
  | 'plans'
  | 'nodes'
  | 'users'
  | 'orders'
  | 'receipts'
  | 'cards'
  | 'coupons'
  | 'referrals'
  | 'outbox'
  | 'operators'
  | 'automation'
  | 'audit'
  | 'settings';

/** Each section's path in the web app and its icon. */
export const ADMIN_SECTIONS: ReadonlyArray<{ id: AdminSection; to: string; icon: IconName }> = [
  { id: 'overview', to: '/admin', icon: 'gauge' },
  { id: 'plans', to: '/admin/plans', icon: 'card' },
  { id: 'nodes', to: '/admin/nodes', icon: 'server' },
  { id: 'users', to: '/admin/users', icon: 'user' },
  { id: 'orders', to: '/admin/orders', icon: 'receipt' },
  { id: 'receipts', to: '/admin/receipts', icon: 'hourglass' },
  { id: 'cards', to: '/admin/cards', icon: 'wallet' },
  { id: 'coupons', to: '/admin/coupons', icon: 'gift' },
  { id: 'referrals', to: '/admin/referrals', icon: 'link' },
  { id: 'outbox', to: '/admin/outbox', icon: 'send' },
  { id: 'operators', to: '/admin/operators', icon: 'shieldCheck' },
  { id: 'automation', to: '/admin/automation', icon: 'bolt' },
  { id: 'audit', to: '/admin/audit', icon: 'clock' },
  { id: 'settings', to: '/admin/settings', icon: 'sparkle' },
];

export interface AdminLayoutProps {
  /** The section on screen (marked in the menu with aria-current). */
  section: AdminSection;
  /** The signed-in operator. */
  operator: AdminOperator;
  onSignOut(): void;
  signingOut?: boolean;
  /** The language switch (e.g. `<AdminLanguageButton>`): shown beside sign out. */
  languageSwitch?: ReactNode;
  /**
   * The link the menu renders (react-router's Link in the web app), given `to` and the item's
   * content; by default the SeparProvider's link component, as PanelLayout uses.
   */
  linkComponent?: ComponentType<LinkProps>;
  /** Open the phone menu at first (stories). */
  initiallyOpen?: boolean;
  /** A count beside a section's name (the receipts awaiting review); none when absent or zero. */
  counts?: Partial<Record<AdminSection, number>>;
  children: ReactNode;
}

/** The operators' console: the section menu, who is signed in, sign out and the language switch beside the page. */
export function AdminLayout({
  section,
  operator,
  onSignOut,
  signingOut = false,
  languageSwitch,
  linkComponent,
  initiallyOpen = false,
  counts = {},
  children,
}: AdminLayoutProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const ContextLink = useLinkComponent();
  const Link = linkComponent ?? ContextLink;
  const [open, setOpen] = useState(initiallyOpen);
  const drawerId = useId();
  return (
    <Shell>
      <Side className="not-for-print">
        <Bar>
          <Brand>
            <Icon name="shieldCheck" size={26} />
            <span>{t('layout.brand')}</span>
            <small>{t('layout.console')}</small>
          </Brand>
          <MenuToggle>
            <IconButton
              icon={open ? 'x' : 'menu'}
              label={open ? t('layout.closeMenu') : t('layout.openMenu')}
              onDark
              aria-expanded={open}
              aria-controls={drawerId}
              onClick={() => setOpen((value) => !value)}
            />
          </MenuToggle>
        </Bar>
        <Drawer id={drawerId} $open={open}>
          <Nav aria-label={t('layout.menu')}>
            <ul>
              {ADMIN_SECTIONS.filter((item) => roleSees(operator.role, item.id)).map((item) => (
                <li key={item.id}>
                  <NavItem
                    as={Link}
                    to={item.to}
                    $active={item.id === section}
                    aria-current={item.id === section ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    <Icon name={item.icon} size={20} />
                    {t(`sections.${item.id}`)}
                    {counts[item.id] ? (
                      <>
                        <NavCount aria-hidden="true">{format.number(counts[item.id]!)}</NavCount>
                        <VisuallyHidden>{t('layout.waiting', { n: format.number(counts[item.id]!) })}</VisuallyHidden>
                      </>
                    ) : null}
                  </NavItem>
                </li>
              ))}
            </ul>
          </Nav>
          <Operator>
            <Who>
              <Icon name="user" size={18} />
              <span>
                {t('layout.signedInAs')}{' '}
                <strong>
                  <Ltr>{operator.username}</Ltr>
                </strong>
                {/* A role below the owner's is named: what the menu leaves out is its reason. */}
                {operator.role !== 'owner' ? <> ({t(`operators.roles.${operator.role}`)})</> : null}
              </span>
            </Who>
            <OperatorActions>
              {languageSwitch}
              <MenuButton type="button" onClick={onSignOut} disabled={signingOut} aria-busy={signingOut || undefined}>
                {signingOut ? <Spinner size={16} /> : <Icon name="logout" size={18} />}
                {t('layout.signOut')}
              </MenuButton>
            </OperatorActions>
          </Operator>
        </Drawer>
      </Side>
      <Main id="admin-main">
        <Content>
          <AdminRoleProvider operatorRole={operator.role}>{children}</AdminRoleProvider>
        </Content>
      </Main>
    </Shell>
  );
}

export interface AdminLanguageButtonProps {
  onToggle(): void;
}

/** The language switch for the console's menu (the other language's name, as the site header shows it). */
export function AdminLanguageButton({ onToggle }: AdminLanguageButtonProps) {
  const { t } = useTranslation('common');
  return (
    <MenuButton type="button" onClick={onToggle} aria-label={`${t('language.toggle')}: ${t('language.switchTo')}`}>
      <Icon name="globe" size={18} />
      {t('language.switchTo')}
    </MenuButton>
  );
}
