import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../CopyButton';
import { QrCode } from '../QrCode';
import { LinkActions, LinkCard, Url } from './SubscriptionLink.styles';

export interface SubscriptionLinkProps {
  url: string;
  /** The line under the title. */
  hint: ReactNode;
  /** More actions beside Copy (the panel's new link). */
  actions?: ReactNode;
}

/** The subscription link: its QR code, the URL itself, and Copy. */
export function SubscriptionLink({ url, hint, actions }: SubscriptionLinkProps) {
  const { t } = useTranslation('connect');
  return (
    <LinkCard>
      <QrCode value={url} label={t('link.qr')} />
      <div>
        <h2>{t('link.title')}</h2>
        <p>{hint}</p>
        <Url>{url}</Url>
        <LinkActions>
          <CopyButton text={url} icon="copy" label={t('link.copy')} copiedLabel={t('link.copied')} />
          {actions}
        </LinkActions>
      </div>
    </LinkCard>
  );
}
