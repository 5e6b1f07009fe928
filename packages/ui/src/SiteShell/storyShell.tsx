import type { ReactNode } from 'react';
import { SiteShell } from './SiteShell';

const noop = () => undefined;

/** A screen inside the site shell, as it appears in the app (stories only). */
export function InShell({
  children,
  loggedIn = false,
  cookieBanner = false,
}: {
  children: ReactNode;
  loggedIn?: boolean;
  cookieBanner?: boolean;
}) {
  return (
    <SiteShell
      scrolled={false}
      loggedIn={loggedIn}
      drawerOpen={false}
      onOpenDrawer={noop}
      onCloseDrawer={noop}
      onToggleLanguage={noop}
      showCookieBanner={cookieBanner}
      onAcceptCookies={noop}
      onRejectCookies={noop}
      year={2026}
    >
      {children}
    </SiteShell>
  );
}
