/**
 * @separ/ui — Separ's screens and widgets as RTL-aware styled components. Presentational only:
 * data, state and callbacks come in as props; nothing here fetches.
 */
export * from './theme';
export * from './provider';
export * from './format';
export * from './icons';
export * from './Button';
export * from './Spinner';
export * from './Layout';
export * from './Badge';
export * from './IconButton';
export * from './Tabs';
export * from './Chips';
export * from './Accordion';
export * from './Modal';
export * from './Toast';
export * from './Skeleton';
export * from './ErrorView';
export * from './EmptyState';
export * from './Ring';
export * from './Table';
export * from './FormField';
export * from './CopyButton';
export * from './Header';
export * from './Footer';
export * from './CookieBanner';
export * from './PageHeader';
export { EXTERNAL_LINKS, NAV_LINKS } from './links';
export * from './PlanCard';
export * from './Hero';
export * from './WhatIsVpn';
export * from './Features';
export * from './Stats';
export * from './Devices';
export * from './Pricing';
export * from './Faq';
export * from './SiteShell';
export * from './HomeScreen';
export * from './PlansScreen';
export * from './PaymentScreen';
export * from './PaymentResultScreen';
export * from './LoginScreen';
export * from './InstallScreen';
export * from './DownloadScreen';
export * from './SupportScreen';
export * from './FreeScreen';
export * from './LegalScreen';
