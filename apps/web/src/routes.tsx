import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type * as PanelModule from './panel/index.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { PaymentPage } from './pages/PaymentPage.tsx';
import { PaymentResultPage } from './pages/PaymentResultPage.tsx';
import { PlansPage } from './pages/PlansPage.tsx';
import { DownloadPage, FreePage, InstallPage, LegalPage, SupportPage } from './pages/StaticPages.tsx';

/** A panel page, code-split: the chunk loads when a visitor opens the panel. */
function panel(pick: (module: typeof PanelModule) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await import('./panel/index.ts')) }) };
}

const dashboard = panel((m) => m.DashboardPage);

/** Every route of SPEC §2 inside one shared layout; any unknown path shows the home page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'buy', element: <PlansPage /> },
      { path: 'plans', element: <PlansPage /> },
      { path: 'payment', element: <PaymentPage /> },
      { path: 'paymentresult', element: <PaymentResultPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'install', element: <InstallPage /> },
      { path: 'download', element: <DownloadPage /> },
      { path: 'free', element: <FreePage /> },
      { path: 'test', element: <FreePage /> },
      { path: 'privacy-policy', element: <LegalPage page="privacy" /> },
      { path: 'terms-of-use', element: <LegalPage page="terms" /> },
      { path: 'cookies', element: <LegalPage page="cookies" /> },
      {
        path: 'panel',
        ...panel((m) => m.PanelPage),
        children: [
          { index: true, ...dashboard },
          { path: 'changepass', ...panel((m) => m.ChangePasswordPage) },
          { path: 'payments', ...panel((m) => m.PaymentsPage) },
          { path: 'servers', ...panel((m) => m.ServersPage) },
          { path: 'devices', ...panel((m) => m.DevicesPage) },
        ],
      },
      {
        ...panel((m) => m.PanelPage),
        children: [
          { path: 'dashboard', ...dashboard },
          { path: 'account', ...dashboard },
        ],
      },
      { path: '*', element: <HomePage /> },
    ],
  },
];
