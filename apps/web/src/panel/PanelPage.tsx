import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useGetAccountQuery } from '@separ/api';
import { PageHeader, PanelLayout, type PanelRoute } from '@separ/ui';
import { setUserData } from '../app/appSlice.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { useLogout } from './useLogout.ts';

const ACTIVE: Record<string, PanelRoute> = {
  '/panel/changepass': 'changePassword',
  '/panel/payments': 'payments',
  '/panel/wallet': 'wallet',
  '/panel/connect': 'connect',
  '/panel/servers': 'servers',
  '/panel/devices': 'devices',
};

/** The panel shell: only for a logged-in visitor (SPEC §6), with the menu and the page. */
export default function PanelPage() {
  const loggedIn = useAppSelector((state) => state.ui.loggedIn);
  const { pathname } = useLocation();
  // After the login, back to the page that was asked for (the result page's Connect, a bookmark).
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: pathname }} />;
  return <Panel />;
}

function Panel() {
  const { t } = useTranslation('panel');
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const { data: account } = useGetAccountQuery();
  const { logout, loggingOut } = useLogout();
  const saved = useAppSelector((state) => state.app.userData);

  useEffect(() => {
    if (account && (saved?.username !== account.username || saved.ios !== account.ios))
      dispatch(setUserData({ username: account.username, ios: account.ios }));
  }, [account, saved, dispatch]);

  const path = pathname.replace(/\/+$/, '');
  return (
    <>
      <PageHeader title={t('title')} />
      <PanelLayout
        active={ACTIVE[path] ?? 'dashboard'}
        ios={account?.ios ?? saved?.ios ?? 0}
        onLogout={logout}
        loggingOut={loggingOut}
      >
        <Outlet context={{ logout }} />
      </PanelLayout>
    </>
  );
}
