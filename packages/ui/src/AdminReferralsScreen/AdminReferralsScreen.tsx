import { useTranslation } from 'react-i18next';
import type { AdminReferral, AdminReferralsAnswer } from '@separ/domain';
import { Cell } from '../AdminDataTable/AdminScreen.styles';
import { RecordLink } from '../AdminDataTable/RecordLink';
import { AdminPanel } from '../AdminLayout/adminParts';
import { AdminListScreen, type AdminListProps } from '../AdminListScreen';
import { Badge } from '../Badge';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { AppLink } from '../provider';
import { Percent, Ranking, Summary, Totals } from './AdminReferralsScreen.styles';

/** `GET /api/admin/referrals`: search (order number, e-mail, username), page and page size; newest first. */
export interface AdminReferralsScreenProps extends Omit<AdminListProps<AdminReferral>, 'data'> {
  /** The answer: a page of referred orders with the totals, the top inviters and the percent; null before the first. */
  data: AdminReferralsAnswer | null;
  /** The settings page, where the referral percent is changed. */
  settingsTo: string;
  /** An account's page in the console. */
  userTo?(username: string): string;
  /** An order's page in the console. */
  orderTo?(resNum: string): string;
}

/** The referral percent now, with the way to change it; the totals; the inviters paid the most. */
function ReferralSummary({
  data,
  settingsTo,
  userTo,
}: { data: AdminReferralsAnswer } & Pick<AdminReferralsScreenProps, 'settingsTo' | 'userTo'>) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <Summary>
      <AdminPanel aria-labelledby="referrals-rule">
        <h2 id="referrals-rule">{t('referrals.rule.title')}</h2>
        <Percent>
          {data.percent > 0 ? (
            <span>
              {t('referrals.rule.on')} <strong>{format.percent(data.percent)}</strong>
            </span>
          ) : (
            <strong>{t('referrals.rule.off')}</strong>
          )}
          <AppLink to={settingsTo}>{t('referrals.rule.change')}</AppLink>
        </Percent>
        <Totals>
          <div>
            <dt>{t('referrals.totals.referrals')}</dt>
            <dd>{format.number(data.totals.referrals)}</dd>
          </div>
          <div>
            <dt>{t('referrals.totals.completed')}</dt>
            <dd>{format.number(data.totals.completed)}</dd>
          </div>
          <div>
            <dt>{t('referrals.totals.paid')}</dt>
            <dd>{format.toman(data.totals.paid)}</dd>
          </div>
        </Totals>
      </AdminPanel>
      <AdminPanel aria-labelledby="referrals-top">
        <h2 id="referrals-top">{t('referrals.top.title')}</h2>
        {data.topInviters.length === 0 ? (
          <p>{t('referrals.top.none')}</p>
        ) : (
          <Ranking>
            {data.topInviters.map((row, index) => (
              <li key={row.inviter ?? `gone-${index}`}>
                <b aria-hidden="true">{format.number(index + 1)}</b>
                {row.inviter === null ? (
                  t('referrals.inviterGone')
                ) : (
                  <RecordLink name={row.inviter} to={userTo?.(row.inviter)} />
                )}
                <span>
                  {t('referrals.top.line', {
                    count: row.referrals,
                    n: format.number(row.referrals),
                    paid: format.toman(row.paid),
                  })}
                </span>
              </li>
            ))}
          </Ranking>
        )}
      </AdminPanel>
    </Summary>
  );
}

/**
 * The referrals (issue 31 §4): who referred whom and what was paid. Above the list, the shop's
 * referral percent with a link to the settings, the totals and the top inviters; the list has each
 * referred order, newest first: the order, the inviter, the buyer, the amount paid and the reward,
 * or why there was none (not completed, the inviter's own account or e-mail, 0 %).
 */
export function AdminReferralsScreen({ settingsTo, userTo, orderTo, data, ...list }: AdminReferralsScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <AdminListScreen<AdminReferral>
      texts="referrals"
      {...list}
      data={data}
      emptyIcon="gift"
      rowKey={(row) => row.resNum}
      columns={[
        {
          key: 'order',
          header: t('referrals.columns.order'),
          cell: (row) => (
            <Cell>
              <RecordLink name={row.resNum} to={orderTo?.(row.resNum)} />
              <small>{format.dateTime(row.createdAt)}</small>
            </Cell>
          ),
        },
        {
          key: 'inviter',
          header: t('referrals.columns.inviter'),
          cell: (row) =>
            row.inviter === null ? (
              t('referrals.inviterGone')
            ) : (
              <RecordLink name={row.inviter} to={userTo?.(row.inviter)} />
            ),
        },
        {
          key: 'buyer',
          header: t('referrals.columns.buyer'),
          cell: (row) =>
            row.buyerUsername !== null ? (
              <Cell>
                <RecordLink name={row.buyerUsername} to={userTo?.(row.buyerUsername)} />
                <small>
                  <Ltr>{row.buyerEmail}</Ltr>
                </small>
              </Cell>
            ) : (
              <Ltr>{row.buyerEmail}</Ltr>
            ),
        },
        {
          key: 'amount',
          header: t('referrals.columns.amount'),
          cell: (row) => (
            <Cell>
              <span>{format.toman(row.amount)}</span>
              {row.usdCents !== null ? (
                <small>{t('referrals.inDollars', { usd: format.usd(row.usdCents / 100) })}</small>
              ) : null}
            </Cell>
          ),
        },
        {
          key: 'reward',
          header: t('referrals.columns.reward'),
          cell: (row) =>
            row.noReward === null ? (
              <Badge tone="success">{format.toman(row.reward)}</Badge>
            ) : (
              <Cell>
                <span>{t('referrals.none')}</span>
                <small>
                  {row.noReward === 'notCompleted'
                    ? t('referrals.reasons.notCompleted', { state: t(`orders.states.${row.state}`) })
                    : t(`referrals.reasons.${row.noReward}`)}
                </small>
              </Cell>
            ),
        },
      ]}
    >
      {data ? <ReferralSummary data={data} settingsTo={settingsTo} userTo={userTo} /> : null}
    </AdminListScreen>
  );
}
