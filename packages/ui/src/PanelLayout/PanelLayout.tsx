import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { Icon, type IconName } from '../icons';
import type { ErrorViewProps } from '../ErrorView';
import { EmptyState } from '../EmptyState';
import { Card, Container, Fact } from '../Layout';
import { Loadable } from '../Loadable';
import { Modal } from '../Modal';
import { useLinkComponent, useShopLinks } from '../provider';
import { Table, type TableProps } from '../Table';
import { media, notice, outlined, plainList, stack } from '../theme';

const Body = styled(Container)`
  display: grid;
  /* minmax(0, …): a track as wide as the screen, not as its widest content — the phone menu's row
     scrolls inside itself instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  padding-block: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(12)};
  ${media.lg} {
    grid-template-columns: 260px minmax(0, 1fr);
    align-items: start;
  }
`;

const Menu = styled.nav`
  background: ${({ theme }) => theme.colors.surface};
  ${outlined('lg')}
  padding: ${({ theme }) => theme.space(3)};
  ul {
    ${plainList}
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
    overflow-x: auto;
    ${media.lg} {
      flex-direction: column;
      overflow: visible;
    }
  }
`;

const itemStyles = `
  display: flex;
  align-items: center;
  gap: 10px;
  inline-size: 100%;
  min-block-size: 44px;
  padding-inline: 12px;
  border: 0;
  border-radius: 10px;
  background: transparent;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
`;

const Item = styled.a<{ $active?: boolean }>`
  ${itemStyles}
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.text)};
  background: ${({ theme, $active }) => ($active ? theme.colors.infoSoft : 'transparent')};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const ActionItem = styled.button<{ $danger?: boolean }>`
  ${itemStyles}
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

export type PanelRoute = 'dashboard' | 'connect' | 'servers' | 'devices' | 'changePassword' | 'payments' | 'wallet';

const ROUTES: Array<{ id: PanelRoute; to: string; icon: IconName; iosOnly?: boolean }> = [
  { id: 'dashboard', to: '/panel', icon: 'gauge' },
  { id: 'connect', to: '/panel/connect', icon: 'qr', iosOnly: true },
  { id: 'servers', to: '/panel/servers', icon: 'server', iosOnly: true },
  { id: 'devices', to: '/panel/devices', icon: 'devices' },
  { id: 'changePassword', to: '/panel/changepass', icon: 'key' },
  { id: 'payments', to: '/panel/payments', icon: 'receipt' },
  { id: 'wallet', to: '/panel/wallet', icon: 'wallet' },
];

export interface PanelLayoutProps {
  active: PanelRoute;
  /** The account's ios flag: the Connect and Servers items show only when it is 1 (SPEC §6: accounts that use links). */
  ios: number;
  onLogout(): void;
  loggingOut?: boolean;
  children: ReactNode;
  /** Open the upgrade modal at first (stories). */
  initiallyShowUpgrade?: boolean;
}

/** The panel's menu beside the page: dashboard, servers (iOS), devices, password, payments, wallet, upgrade and logout. */
export function PanelLayout({
  active,
  ios,
  onLogout,
  loggingOut = false,
  children,
  initiallyShowUpgrade = false,
}: PanelLayoutProps) {
  const { t } = useTranslation('panel');
  const Link = useLinkComponent();
  // The operator's support chat, where an upgrade is asked for.
  const { supportChatUrl } = useShopLinks();
  const [upgradeOpen, setUpgradeOpen] = useState(initiallyShowUpgrade);
  return (
    <Body>
      <Menu aria-label={t('menu.label')} className="not-for-print">
        <ul>
          {ROUTES.filter((route) => !route.iosOnly || ios === 1).map((route) => (
            <li key={route.id}>
              <Item
                as={Link}
                to={route.to}
                $active={route.id === active}
                aria-current={route.id === active ? 'page' : undefined}
              >
                <Icon name={route.icon} size={20} />
                {t(`menu.${route.id}`)}
              </Item>
            </li>
          ))}
          <li>
            <ActionItem type="button" onClick={() => setUpgradeOpen(true)}>
              <Icon name="upgrade" size={20} />
              {t('menu.upgrade')}
            </ActionItem>
          </li>
          <li>
            <ActionItem
              type="button"
              $danger
              onClick={onLogout}
              disabled={loggingOut}
              aria-busy={loggingOut || undefined}
            >
              <Icon name="logout" size={20} />
              {t('menu.logout')}
            </ActionItem>
          </li>
        </ul>
      </Menu>
      <div>{children}</div>
      <Modal
        open={upgradeOpen}
        onClose={() => setUpgradeOpen(false)}
        title={t('upgrade.title')}
        dismissLabel={t('upgrade.ok')}
        actions={
          <Button href={supportChatUrl} icon="send">
            {t('upgrade.openMessenger')}
          </Button>
        }
      >
        <p>{t('upgrade.message')}</p>
      </Modal>
    </Body>
  );
}

/** The title block of a panel page, with an optional back button. */
export const PanelTitle = styled.header`
  ${stack(2)}
  margin-block-end: ${({ theme }) => theme.space(6)};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 800;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface PanelHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A back button above the title: to a route, or an action. */
  back?: { to?: string; onClick?: () => void; label: ReactNode };
}

/** A panel page's heading: the back button, the title and what the page is for. */
export function PanelHeading({ title, subtitle, back }: PanelHeadingProps) {
  return (
    <PanelTitle>
      {back ? (
        <div>
          <Button to={back.to} onClick={back.onClick} variant="ghost" size="sm" icon="arrowBack">
            {back.label}
          </Button>
        </div>
      ) : null}
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </PanelTitle>
  );
}

export interface PanelRecordsProps<Row> extends Omit<TableProps<Row>, 'caption'> {
  /**
   * The key of its texts under `panel.`: title, subtitle, back (to the dashboard), loading, the
   * empty list's emptyTitle and emptyMessage, and the table's table.caption.
   */
  texts: 'devices' | 'payments';
  status: 'loading' | 'error' | 'ready';
  /** The error view when the records did not load. */
  error: ErrorViewProps;
  /** The numbers over the list, each with its label. */
  counters: Array<{ label: ReactNode; value: ReactNode }>;
  /** The notice between the numbers and the list. */
  tip: { icon: IconName; text: ReactNode; tone?: 'info' | 'warning' };
  emptyIcon: IconName;
}

/**
 * A panel page of the account's records (devices, payments): its heading back to the dashboard;
 * once loaded, the counters, a tip and the table (or the empty state); the footer links.
 */
export function PanelRecords<Row>({
  texts,
  status,
  error,
  counters,
  tip,
  emptyIcon,
  ...table
}: PanelRecordsProps<Row>) {
  const { t } = useTranslation('panel');
  return (
    <>
      <PanelHeading
        title={t(`${texts}.title`)}
        subtitle={t(`${texts}.subtitle`)}
        back={{ to: '/panel', label: t(`${texts}.back`) }}
      />
      <Loadable status={status} loadingLabel={t(`${texts}.loading`)} error={error}>
        <Counters>
          {counters.map(({ label, value }, index) => (
            <Fact key={index} label={label}>
              {value}
            </Fact>
          ))}
        </Counters>
        <TipBox $tone={tip.tone} style={{ marginBlockEnd: 20 }}>
          <Icon name={tip.icon} size={20} />
          {tip.text}
        </TipBox>
        {table.rows.length === 0 ? (
          <Card>
            <EmptyState icon={emptyIcon} title={t(`${texts}.emptyTitle`)} message={t(`${texts}.emptyMessage`)} />
          </Card>
        ) : (
          <Table caption={t(`${texts}.table.caption`)} {...table} />
        )}
      </Loadable>
      <PanelFooterLinks />
    </>
  );
}

/** The Home and Support links under a panel page. */
export function PanelFooterLinks({ homeTo = '/home' }: { homeTo?: string }) {
  const { t } = useTranslation('panel');
  return (
    <FooterNav aria-label={t('footer.label')}>
      <Button to={homeTo} variant="ghost" size="sm" icon="arrowBack">
        {t('footer.home')}
      </Button>
      <Button to="/support" variant="ghost" size="sm" icon="support">
        {t('footer.support')}
      </Button>
    </FooterNav>
  );
}

const FooterNav = styled.nav`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(4)};
  margin-block-start: ${({ theme }) => theme.space(8)};
`;

/** A soft box with an icon for tips and notices. */
export const TipBox = styled.p<{ $tone?: 'info' | 'warning' }>`
  ${({ $tone }) => notice($tone ?? 'info', 4)}
  font-weight: 600;
  svg {
    flex-shrink: 0;
  }
`;

/** Two big numbers side by side (devices connected and allowed; transactions and successes). */
export const Counters = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  div {
    background: ${({ theme }) => theme.colors.surface};
    ${outlined('lg')}
    padding: ${({ theme }) => theme.space(5)};
    ${stack(1)}
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    order: 2;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 800;
    order: 1;
  }
`;
