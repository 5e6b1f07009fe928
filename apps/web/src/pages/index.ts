/** The pages other than home: one chunk, loaded on the first visit to any of them. */
export { CardTransferPage } from './CardTransferPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { PaymentPage } from './PaymentPage.tsx';
export { PaymentResultPage } from './PaymentResultPage.tsx';
export { PlansPage } from './PlansPage.tsx';
export {
  CookiesPage,
  DownloadPage,
  FreePage,
  InstallPage,
  PrivacyPage,
  SupportPage,
  TermsPage,
} from './StaticPages.tsx';
