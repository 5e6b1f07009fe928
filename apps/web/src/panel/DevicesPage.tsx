import { useState } from 'react';
import { logWarning, useGetAccountQuery, useUnlinkDeviceMutation } from '@separ/api';
import { DevicesScreen } from '@separ/ui';
import { screenStatus } from '../app/screenStatus.ts';

/** Devices: a disconnect shows loading; on ok the row goes, otherwise the failure is only logged (SPEC §4, §8). */
export function DevicesPage() {
  const query = useGetAccountQuery();
  const { data, refetch } = query;
  const [unlink] = useUnlinkDeviceMutation();
  const [disconnecting, setDisconnecting] = useState<string | null>(null);

  async function disconnect(id: string) {
    if (disconnecting) return;
    setDisconnecting(id);
    const result = await unlink({ id });
    if (result.error) logWarning(`device ${id} was not disconnected`, result.error.message);
    setDisconnecting(null);
  }

  const status = screenStatus(query);
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
