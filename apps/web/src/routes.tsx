import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import type * as PanelModule from './panel/index.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { HomePage } from './pages/HomePage.tsx';
import type * as PagesModule from './pages/index.ts';

/** A panel page, code-split: the chunk loads when a visitor opens the panel. */
function panel(pick: (module: typeof PanelModule) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await import('./panel/index.ts')) }) };
}

/** Every other page is code-split too: the home page's first load carries only what it shows. */
function page(pick: (module: typeof PagesModule) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await import('./pages/index.ts')) }) };
}

const dashboard = panel((m) => m.DashboardPage);
const plans = page((m) => m.PlansPage);
const free = page((m) => m.FreePage);

/**
 * Every route of SPEC §2 inside one shared layout; any unknown path shows the home page. The
 * operators' console (docs/ADMIN.md) is outside it, in a chunk of its own that no other page loads.
 */
export const routes: RouteObject[] = [
  { path: 'admin/*', lazy: async () => ({ Component: (await import('./admin/index.ts')).AdminApp }) },
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'support', ...page((m) => m.SupportPage) },
      { path: 'buy', ...plans },
      { path: 'plans', ...plans },
      { path: 'payment', ...page((m) => m.PaymentPage) },
      { path: 'paymentresult', ...page((m) => m.PaymentResultPage) },
      // CONTRACTS §11: the card-to-card transfer of one order, where gate=card's answer sends the buyer.
      { path: 'payment/card/:resNum', ...page((m) => m.CardTransferPage) },
      { path: 'login', ...page((m) => m.LoginPage) },
      { path: 'install', ...page((m) => m.InstallPage) },
      { path: 'download', ...page((m) => m.DownloadPage) },
      { path: 'free', ...free },
      { path: 'test', ...free },
      { path: 'privacy-policy', ...page((m) => m.PrivacyPage) },
      { path: 'terms-of-use', ...page((m) => m.TermsPage) },
      { path: 'cookies', ...page((m) => m.CookiesPage) },
      // Its own chunk: the QR encoder and the apps table stay out of the other pages'.
      {
        path: 'sub/:token',
        lazy: async () => ({ Component: (await import('./pages/SubscriptionPage.tsx')).SubscriptionPage }),
      },
      {
        path: 'panel',
        ...panel((m) => m.PanelPage),
        children: [
          { index: true, ...dashboard },
          { path: 'changepass', ...panel((m) => m.ChangePasswordPage) },
          { path: 'payments', ...panel((m) => m.PaymentsPage) },
          { path: 'wallet', ...panel((m) => m.WalletPage) },
          { path: 'connect', ...panel((m) => m.ConnectPage) },
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

/**
 * Loads the code of the routes that match `pathname` and puts it in place of their `lazy`, so that
 * the first render — hydrating a prerendered page in particular — draws the page itself.
 */
export async function loadLazyRoutes(routeList: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routeList, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, await lazy());
      delete route.lazy;
    }),
  );
}

/** The browser's router over these routes. */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(routes);
}
