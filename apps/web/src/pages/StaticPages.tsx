import { useGetAppInfoQuery } from '@separ/api';
import {
  DownloadScreen,
  FreeScreen,
  InstallScreen,
  LegalScreen,
  SupportScreen,
  type LegalPage as Legal,
} from '@separ/ui';

export function InstallPage() {
  return <InstallScreen />;
}

/** Download: the app links load from the backend; a failure is ignored (SPEC §8) and leaves the buttons without links. */
export function DownloadPage() {
  const { data, isLoading } = useGetAppInfoQuery();
  return <DownloadScreen appLinks={isLoading ? 'loading' : (data ?? { android: '', windows: '' })} />;
}

export function SupportPage() {
  return <SupportScreen />;
}

export function FreePage() {
  return <FreeScreen />;
}

export function LegalPage({ page }: { page: Legal }) {
  return <LegalScreen page={page} />;
}

export const PrivacyPage = () => <LegalPage page="privacy" />;
export const TermsPage = () => <LegalPage page="terms" />;
export const CookiesPage = () => <LegalPage page="cookies" />;
