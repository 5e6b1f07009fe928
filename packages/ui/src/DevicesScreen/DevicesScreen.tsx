import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { canDisconnect, parseDeviceInfo, type Device } from '@separ/domain';
import { Button } from '../Button';
import { useFormat } from '../format';
import { PanelRecords } from '../PanelLayout';

const Os = styled.div`
  display: grid;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface DevicesScreenProps {
  status: 'loading' | 'error' | 'ready';
  devices: Device[];
  /** Allowed devices (0 when unknown). */
  allowed: number;
  onDisconnect(id: string): void;
  /** The device whose disconnection is under way: the list shows it loading. */
  disconnecting?: string | null;
  onRetry(): void;
}

/** Where the panel cannot end a connection (OpenConnect), it says so instead of offering a button. */
const EndsItself = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The devices signed in to the account, with counters, a tip and a Disconnect button per row. */
export function DevicesScreen({
  status,
  devices,
  allowed,
  onDisconnect,
  disconnecting = null,
  onRetry,
}: DevicesScreenProps) {
  const { t } = useTranslation(['panel', 'errors']);
  const format = useFormat();
  return (
    <PanelRecords
      texts="devices"
      status={status}
      error={{ title: t('errors:panel.devices'), retryLabel: t('errors:actions.tryAgain'), onRetry }}
      counters={[
        { label: t('devices.connected'), value: format.number(devices.length) },
        { label: t('devices.allowed'), value: format.number(allowed || 0) },
      ]}
      tip={{ icon: 'info', text: t('devices.tip') }}
      emptyIcon="devices"
      rows={devices}
      rowKey={(device) => device.id}
      columns={[
        { key: 'index', header: t('devices.table.index'), cell: (_, index) => format.number(index + 1) },
        {
          key: 'os',
          header: t('devices.table.os'),
          cell: (device) => (
            <Os>
              <strong>{parseDeviceInfo(device.deviceInfo).os || t('devices.unknownOs')}</strong>
              <small>{t('devices.table.loginAt', { date: format.dateTime(device.loginAt) })}</small>
            </Os>
          ),
        },
        {
          key: 'version',
          header: t('devices.table.version'),
          cell: (device) => format.digits(parseDeviceInfo(device.deviceInfo).version || '—'),
        },
        {
          // The model a subscription's client names with its hardware id (CONTRACTS §14).
          key: 'model',
          header: t('devices.table.model'),
          cell: (device) => (device.model ? <bdi>{device.model}</bdi> : '—'),
        },
        {
          key: 'action',
          header: t('devices.table.actions'),
          cell: (device) =>
            !canDisconnect(device) ? (
              <EndsItself>{t('devices.endsOnDisconnect')}</EndsItself>
            ) : (
              <Button
                variant="danger"
                size="sm"
                icon="x"
                loading={disconnecting === device.id}
                disabled={disconnecting !== null}
                onClick={() => onDisconnect(device.id)}
                aria-label={t('devices.disconnectLabel', {
                  device: parseDeviceInfo(device.deviceInfo).os || t('devices.unknownOs'),
                })}
              >
                {t('devices.disconnect')}
              </Button>
            ),
        },
      ]}
    />
  );
}
