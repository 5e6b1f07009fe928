import { useTranslation } from 'react-i18next';
import { accountStatus, dataRemainingMB, dataRemainingPercent, type Account, type AccountStatus } from '@separ/domain';
import { useFormat } from '../format';
import { Icon, type IconName } from '../icons';
import { Ring } from '../Ring';
import { LineCard, RingCard, StatusCard, StatusIcon } from './AccountSummary.styles';

const STATUS_ICON: Record<AccountStatus['state'], IconName> = {
  suspended: 'ban',
  pending: 'hourglass',
  expired: 'clock',
  dataExceeded: 'database',
  active: 'shieldCheck',
};

const TONE: Record<AccountStatus['state'], [string, string]> = {
  suspended: ['#b91c1c', '#fee2e2'],
  pending: ['#1e40af', '#dbeafe'],
  expired: ['#92400e', '#fef3c7'],
  dataExceeded: ['#92400e', '#fef3c7'],
  active: ['#15803d', '#dcfce7'],
};

/** The account's status with its icon and what it means (the dashboard and the subscription page). */
export function AccountStatusCard({ account, now }: { account: Account; now: Date }) {
  const { t } = useTranslation('panel');
  const format = useFormat();
  const state = accountStatus(account, now);
  const tone = TONE[state.state];
  const text =
    state.state === 'active'
      ? t('dashboard.status.active.text', { count: state.daysLeft })
      : state.state === 'pending'
        ? t('dashboard.status.pending.text', { days: state.days })
        : t(`dashboard.status.${state.state}.text`);
  return (
    <StatusCard $tone={tone[0]} role="status">
      <StatusIcon $tone={tone[0]} $soft={tone[1]}>
        <Icon name={STATUS_ICON[state.state]} size={30} />
      </StatusIcon>
      <div>
        <p>{t('dashboard.statusTitle')}</p>
        <h2>{t(`dashboard.status.${state.state}.title`)}</h2>
        <p>{text}</p>
        {account.expireDate && state.state !== 'pending' ? (
          <p>{t('dashboard.expires', { date: format.date(account.expireDate) })}</p>
        ) : null}
      </div>
    </StatusCard>
  );
}

/** The data left, as a ring: 100 minus the percent used (SPEC §2), or unlimited. */
export function DataRingCard({ account }: { account: Account }) {
  const { t } = useTranslation('panel');
  const format = useFormat();
  const dataPercent = dataRemainingPercent(account);
  const remaining = dataRemainingMB(account);
  return (
    <RingCard>
      <Ring
        percent={dataPercent}
        tone={dataPercent <= 10 ? 'danger' : 'primary'}
        value={remaining === null ? t('dashboard.dataUnlimited') : format.percent(dataPercent)}
        sub={
          remaining === null
            ? undefined
            : t('dashboard.dataUsed', { used: format.data(account.usedMB), allowed: format.data(account.allowedMB) })
        }
        caption={t('dashboard.dataRemaining')}
      />
    </RingCard>
  );
}

/** A plan whose data resets (CONTRACTS §14): the period, and the next reset (null: none due yet). */
export interface DataReset {
  period: 'day' | 'week' | 'month';
  nextAt: string | null;
}

/**
 * When the account's data starts again (the dashboard and the subscription page). With no next
 * reset, `pending` says why: the resets count from the first connection; else none is due before
 * the subscription ends.
 */
export function DataResetCard({ reset, pending }: { reset: DataReset; pending: boolean }) {
  const { t } = useTranslation('panel');
  const format = useFormat();
  return (
    <LineCard as="section" aria-label={t('dashboard.reset.title')}>
      <span>
        <Icon name="refresh" size={24} />
      </span>
      <dl>
        <dt>{t(`dashboard.reset.every.${reset.period}`)}</dt>
        <dd>
          {reset.nextAt
            ? t('dashboard.reset.next', { date: format.dateTime(reset.nextAt) })
            : pending
              ? t('dashboard.reset.notYet')
              : t('dashboard.reset.none')}
        </dd>
      </dl>
    </LineCard>
  );
}
