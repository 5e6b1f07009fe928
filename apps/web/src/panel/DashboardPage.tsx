import { useCreateBotCodeMutation, useGetAccountQuery, useGetGatewaysQuery, useWalletQuery } from '@separ/api';
import { referralEarnings, referralLink } from '@separ/domain';
import { DashboardScreen } from '@separ/ui';
import { usePanel } from './panelContext.ts';
import { screenStatus } from '../app/screenStatus.ts';
import { useNow } from '../prerender/data.ts';

export function DashboardPage() {
  const { logout } = usePanel();
  const now = useNow();
  const query = useGetAccountQuery();
  const { data, refetch } = query;
  const status = screenStatus(query);
  // The wallet's balance (CONTRACTS §10), when the shop has the wallet on; nothing when it fails.
  const gateways = useGetGatewaysQuery();
  const walletOn = gateways.data?.wallet === true;
  const wallet = useWalletQuery(undefined, { skip: !walletOn });
  // The bot's one-time link code (issue #24): made on request, a new one replaces the last.
  const [createBotCode, botCode] = useCreateBotCodeMutation();
  const botLink = {
    state: botCode.isLoading
      ? ('loading' as const)
      : botCode.isError
        ? ('error' as const)
        : botCode.data
          ? ('ready' as const)
          : ('idle' as const),
    ...(botCode.data ? { code: botCode.data.code, minutes: botCode.data.minutes } : {}),
    onCreate: () => void createBotCode(),
  };
  // The invitation link (CONTRACTS §12): this site's origin and the account's code; what it has
  // earned is the sum of the wallet's referral entries, shown only when the wallet is on and loaded.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const invite = data?.referralCode
    ? {
        link: referralLink(origin, data.referralCode),
        earnings: walletOn && wallet.data ? referralEarnings(wallet.data.entries) : null,
      }
    : undefined;
  return (
    <DashboardScreen
      status={status}
      account={data}
      now={now}
      onRetry={() => void refetch()}
      onLogout={logout}
      botLink={botLink}
      walletBalance={walletOn && wallet.data ? wallet.data.balance : null}
      {...(invite ? { invite } : {})}
      {...(data?.reset ? { dataReset: { period: data.reset, nextAt: data.nextResetAt ?? null } } : {})}
    />
  );
}
