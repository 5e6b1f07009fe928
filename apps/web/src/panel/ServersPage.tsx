import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { groupServersByCountry, parseServer } from '@separ/domain';
import { useGetServersQuery } from '@separ/api';
import { ServersScreen } from '@separ/ui';
import { useAppSelector } from '../app/hooks.ts';
import { useDelayedRetry } from './useDelayedRetry.ts';
import { screenStatus } from '../app/screenStatus.ts';

/** My servers: links come filled by the backend; parseServer still runs for a backend that sends templates. */
export function ServersPage() {
  const navigate = useNavigate();
  const username = useAppSelector((state) => state.app.userData?.username ?? null);
  const query = useGetServersQuery();
  const { data, refetch } = query;
  const { retrying, retry } = useDelayedRetry(refetch);
  const groups = useMemo(
    () =>
      data
        ? groupServersByCountry(
            data.servers.map((raw) => parseServer(raw, { username, password: null })),
            data.countries,
          )
        : [],
    [data, username],
  );
  const status = screenStatus(query, retrying);
  return (
    <ServersScreen
      status={status}
      groups={groups}
      onBack={() => void navigate(-1)}
      onRetry={retry}
      retrying={retrying}
    />
  );
}
