import { useState } from 'react';
import { logWarning, useGetAccountQuery, useUnlinkDeviceMutation } from '@separ/api';
import { DevicesScreen } from '@separ/ui';

/** Devices: a disconnect shows loading; on ok the row goes, otherwise the failure is only logged (SPEC §4, §8). */
export function DevicesPage() {
  const { data, isError, isFetching, refetch } = useGetAccountQuery();
  const [unlink] = useUnlinkDeviceMutation();
  const [disconnecting, setDisconnecting] = useState<string | null>(null);

  async function disconnect(id: string) {
    if (disconnecting) return;
    setDisconnecting(id);
    const result = await unlink({ id });
    if (result.error) logWarning(`device ${id} was not disconnected`, result.error.message);
    setDisconnecting(null);
  }

  const status = data ? 'ready' : isError && !isFetching ? 'error' : 'loading';
  return (
    <DevicesScreen
      status={status}
      devices={data?.devices ?? []}
      allowed={data?.allowedDevices ?? 0}
      onDisconnect={(id) => void disconnect(id)}
      disconnecting={disconnecting}
      onRetry={() => void refetch()}
    />
  );
}
