import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { HEADER_SCROLL_THRESHOLD_PX, type Language } from '@separ/domain';
import { SeparProvider, SiteShell } from '@separ/ui';
import { separApi } from '@separ/api';
import { setCookiesAccepted, setLanguage } from '../app/appSlice.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { hasSession } from '../app/session.ts';
import { sessionChecked, setMobileMenuOpen, setScrolled } from '../app/uiSlice.ts';
import { applyDocumentLanguage, languageOf } from '../i18n.ts';
import { useHydrated, useYear } from '../prerender/data.ts';
import { readShopLinks } from '../prerender/shop.ts';
import { RouterLink } from './RouterLink.tsx';
import { ScrollManager } from './ScrollManager.tsx';
import { PageLoading } from './PageLoading.tsx';

/** The shared layout of every route: header, footer, cookie banner, language and session. */
export function RootLayout() {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation('common');
  const location = useLocation();
  const { darkMode, cookiesAccepted } = useAppSelector((state) => state.app);
  const { isMobileMenuOpen, isScrolled, loggedIn } = useAppSelector((state) => state.ui);
  const language = languageOf(i18n);
  // The prerendered page knows neither consent nor session. It carries the banner, which the server
  // hides for a visitor who has answered (CONSENT_COOKIE); the app decides once it is live.
  const hydrated = useHydrated();
  const year = useYear();

  // The language i18next detected or was switched to is the app's language.
  useLayoutEffect(() => {
    applyDocumentLanguage(language);
    dispatch(setLanguage(language));
  }, [dispatch, language]);

  // The login state is read again on every page change (SPEC §4); the drawer closes.
  useEffect(() => {
    dispatch(sessionChecked(hasSession()));
    dispatch(setMobileMenuOpen(false));
  }, [dispatch, location.pathname, location.search, location.hash]);

  useEffect(() => {
    const onScroll = () => dispatch(setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [dispatch]);

  // The page is one element for the layout's lifetime: the layout drawing itself again (the page
  // coming alive, the header on scroll, the drawer) does not draw the page again. The router still
  // updates it through its own context.
  const page = useMemo(
    () => (
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        <MarkLive />
      </Suspense>
    ),
    [],
  );

  const toggleLanguage = useCallback(() => {
    const next: Language = language === 'fa' ? 'en' : 'fa';
    void i18n.changeLanguage(next);
    // Country names come in the visitor's language.
    dispatch(separApi.util.invalidateTags(['Servers']));
  }, [dispatch, i18n, language]);

  return (
    // The operator's links, as the server wrote them into the page (the same in its HTML: hydration matches).
    <SeparProvider language={language} darkMode={darkMode} linkComponent={RouterLink} shopLinks={readShopLinks()}>
      <ScrollManager />
      <SiteShell
        scrolled={isScrolled}
        loggedIn={hydrated && loggedIn}
        drawerOpen={isMobileMenuOpen}
        onOpenDrawer={() => dispatch(setMobileMenuOpen(true))}
        onCloseDrawer={() => dispatch(setMobileMenuOpen(false))}
        onToggleLanguage={toggleLanguage}
        // Not over a new buyer's username and password: on the result page the banner waits for the next page.
        showCookieBanner={(!hydrated || cookiesAccepted === null) && location.pathname !== '/paymentresult'}
        onAcceptCookies={() => dispatch(setCookiesAccepted(true))}
        onRejectCookies={() => dispatch(setCookiesAccepted(false))}
        year={year}
      >
        {page}
      </SiteShell>
    </SeparProvider>
  );
}

/**
 * The page is live (`html[data-live]`): hydrated or drawn, with what only the browser knows. Marked
 * from inside the page's Suspense boundary, which React may hydrate after the layout around it: a
 * press or a form sent before then would find the page's elements without their handlers.
 */
function MarkLive() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.live = 'true';
  }, [hydrated]);
  return null;
}
