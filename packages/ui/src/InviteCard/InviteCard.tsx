import { useTranslation } from 'react-i18next';
import { CopyButton } from '../CopyButton';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { QrCode } from '../QrCode';
import { Actions, Body, Box, Earnings, Url } from './InviteCard.styles';

export interface InviteCardProps {
  /** The account's referral link, `{origin}/?ref={code}` (CONTRACTS §12). */
  link: string;
  /**
   * What the invitations have paid into the wallet: the sum of the account's `referral` entries and
   * their count. Not given (the wallet is off, or not loaded): the line is not shown.
   */
  earnings?: { total: number; count: number } | null;
  /** How long the "copied" toast stays, in ms (the default two seconds, SPEC §9). */
  toastMs?: number;
}

/**
 * The invitation card of the panel's dashboard (issue 31 §4): the account's referral link, left to
 * right, with Copy and its QR code; a friend who buys through it pays a share into this wallet.
 */
export function InviteCard({ link, earnings = null, toastMs }: InviteCardProps) {
  const { t } = useTranslation('panel');
  const format = useFormat();
  return (
    <Box as="section" aria-labelledby="invite-title">
      <QrCode value={link} label={t('invite.qr')} size={160} />
      <Body>
        <h2 id="invite-title">{t('invite.title')}</h2>
        <p>{t('invite.text')}</p>
        <Url>{link}</Url>
        <Actions>
          <CopyButton
            text={link}
            icon="copy"
            label={t('invite.copy')}
            copiedLabel={t('invite.copied')}
            {...(toastMs === undefined ? {} : { toastMs })}
          />
        </Actions>
        {earnings ? (
          <Earnings>
            <Icon name="gift" size={20} />
            <span>
              {earnings.count > 0
                ? t('invite.earned', { count: earnings.count, amount: format.toman(earnings.total) })
                : t('invite.earnedNone')}
            </span>
          </Earnings>
        ) : null}
      </Body>
    </Box>
  );
}
