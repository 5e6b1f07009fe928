import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import {
  ADMIN_RECEIPT_QUEUE,
  isUnauthorized,
  useAdminLogoutMutation,
  useAdminMeQuery,
  useAdminOrdersQuery,
} from '@separ/api';
import { landingSection, roleSees, type AdminOperator, type Language } from '@separ/domain';
import {
  ADMIN_SECTIONS,
  AdminLanguageButton,
  AdminLayout,
  ErrorView,
  SeparProvider,
  type AdminSection,
} from '@separ/ui';
import { setLanguage } from '../app/appSlice.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { applyDocumentLanguage, languageOf } from '../i18n.ts';
import { PageLoading } from '../layout/PageLoading.tsx';
import { RouterLink } from '../layout/RouterLink.tsx';
import { AdminLoginPage } from './AdminLoginPage.tsx';
import { CardsPage } from './CardsPage.tsx';
import { CouponsPage } from './CouponsPage.tsx';
import { ReferralsPage } from './ReferralsPage.tsx';
import { ReceiptsPage } from './ReceiptsPage.tsx';
import { adminErrorCode } from './errors.ts';
import { NodesPage } from './NodesPage.tsx';
import { OperatorsPage } from './OperatorsPage.tsx';
import { OutboxPage } from './OutboxPage.tsx';
import { AuditPage } from './AuditPage.tsx';
import { AutomationPage } from './AutomationPage.tsx';
import { SettingsPage } from './SettingsPage.tsx';
import { PlansPage } from './PlansPage.tsx';
import { OrderPage, OrdersPage } from './OrdersPage.tsx';
import { UserPage, UsersPage } from './UsersPage.tsx';

// The overview's charts (recharts) load with the overview, not with the sign-in or the lists.
const OverviewPage = lazy(() => import('./OverviewPage.tsx'));

/** How often the menu's count of receipts awaiting review is asked again while the console is open. */
const RECEIPTS_POLL_MS = 60_000;

/** The section a path of the console is in: `/admin/users/sp1` is in `users`. */
export function sectionOf(pathname: string): AdminSection {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return ADMIN_SECTIONS.find((item) => item.id === segment)?.id ?? 'overview';
}

/**
 * The operators' console at `/admin/*` (docs/ADMIN.md): its own shell, outside the site's header and
 * footer, with its own translations (`admin`), loaded by this chunk only.
 */
export function AdminApp() {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation('common');
  const darkMode = useAppSelector((state) => state.app.darkMode);
  const language = languageOf(i18n);

  useLayoutEffect(() => {
    applyDocumentLanguage(language);
    dispatch(setLanguage(language));
  }, [dispatch, language]);

  // The console is drawn in the browser (never prerendered): live once mounted, so that boot.ts
  // hands over what the operator did before (html[data-live], as the site's MarkLive does).
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
  }, []);

  const toggleLanguage = useCallback(() => {
    const next: Language = language === 'fa' ? 'en' : 'fa';
    void i18n.changeLanguage(next);
  }, [i18n, language]);

  return (
    <SeparProvider language={language} darkMode={darkMode} linkComponent={RouterLink}>
      <Suspense fallback={<PageLoading />}>
        <AdminGate languageSwitch={<AdminLanguageButton onToggle={toggleLanguage} />} />
      </Suspense>
    </SeparProvider>
  );
}

/** Signed in (`GET /api/admin/me`): the console; a 401: the sign-in, in place, at the same address. */
function AdminGate({ languageSwitch }: { languageSwitch: ReactNode }) {
  const { t } = useTranslation('admin');
  const me = useAdminMeQuery();

  useEffect(() => {
    const previous = document.title;
    document.title = `${t('admin:layout.brand')} · ${t('admin:layout.console')}`;
    return () => {
      document.title = previous;
    };
  }, [t]);

  if (me.isError) {
    if (adminErrorCode(me.error) === 'unauthenticated' || isUnauthorized(me.error))
      return <AdminLoginPage languageSwitch={languageSwitch} />;
    return <ErrorView title={t('admin:common.failed')} retryLabel={t('admin:common.retry')} onRetry={me.refetch} />;
  }
  if (!me.data) return <PageLoading />;
  return <AdminConsole operator={me.data} languageSwitch={languageSwitch} />;
}

function AdminConsole({ operator, languageSwitch }: { operator: AdminOperator; languageSwitch: ReactNode }) {
  const { pathname } = useLocation();
  const [logout, { isLoading: signingOut }] = useAdminLogoutMutation();
  // The menu counts the receipts awaiting review: the queue's own query, refreshed by every decision.
  const reviews = roleSees(operator.role, 'receipts');
  const queue = useAdminOrdersQuery(ADMIN_RECEIPT_QUEUE, { pollingInterval: RECEIPTS_POLL_MS, skip: !reviews });
  // A section the role does not see (CONTRACTS §13) is not drawn: its address leads to the role's landing section.
  const section = sectionOf(pathname);
  const landing = landingSection(operator.role);
  const landingTo = ADMIN_SECTIONS.find((item) => item.id === landing)?.to ?? '/admin/operators';
  if (!roleSees(operator.role, section)) return <Navigate to={landingTo} replace />;
  return (
    <AdminLayout
      section={section}
      counts={{ receipts: reviews ? (queue.data?.total ?? 0) : 0 }}
      operator={operator}
      onSignOut={() => void logout()}
      signingOut={signingOut}
      languageSwitch={languageSwitch}
      linkComponent={RouterLink}
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={<OverviewPage />} />
          <Route path="plans" element={<PlansPage />} />
          <Route path="nodes" element={<NodesPage />} />
          <Route path="users" element={<UsersPage operator={operator} />} />
          <Route path="users/:username" element={<UserPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:resNum" element={<OrderPage />} />
          <Route path="receipts" element={<ReceiptsPage />} />
          <Route path="cards" element={<CardsPage />} />
          <Route path="coupons" element={<CouponsPage />} />
          <Route path="referrals" element={<ReferralsPage />} />
          <Route path="outbox" element={<OutboxPage />} />
          <Route path="operators" element={<OperatorsPage operator={operator} />} />
          <Route path="automation" element={<AutomationPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
