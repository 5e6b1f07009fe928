/** The panel's pages: one chunk, loaded when a visitor first opens a panel route. */
export { default as PanelPage } from './PanelPage.tsx';
export { DashboardPage } from './DashboardPage.tsx';
export { ChangePasswordPage } from './ChangePasswordPage.tsx';
export { ServersPage } from './ServersPage.tsx';
export { DevicesPage } from './DevicesPage.tsx';
export { PaymentsPage } from './PaymentsPage.tsx';
export { WalletPage } from './WalletPage.tsx';
export { ConnectPage } from './ConnectPage.tsx';
