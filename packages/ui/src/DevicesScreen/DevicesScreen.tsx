import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { canDisconnect, parseDeviceInfo, type Device } from '@separ/domain';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Card } from '../Layout';
import { Counters, PanelFooterLinks, PanelTitle, TipBox } from '../PanelLayout';
import { Spinner } from '../Spinner';
import { Table } from '../Table';

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
  let content;
  if (status === 'loading') content = <Spinner block label={t('devices.loading')} />;
  else if (status === 'error')
    content = (
      <ErrorView title={t('errors:panel.devices')} retryLabel={t('errors:actions.tryAgain')} onRetry={onRetry} />
    );
  else
    content = (
      <>
        <Counters>
          <div>
            <dt>{t('devices.connected')}</dt>
            <dd>{format.number(devices.length)}</dd>
          </div>
          <div>
            <dt>{t('devices.allowed')}</dt>
            <dd>{format.number(allowed || 0)}</dd>
          </div>
        </Counters>
        <TipBox style={{ marginBlockEnd: 20 }}>
          <Icon name="info" size={20} />
          {t('devices.tip')}
        </TipBox>
        {devices.length === 0 ? (
          <Card>
            <EmptyState icon="devices" title={t('devices.emptyTitle')} message={t('devices.emptyMessage')} />
          </Card>
        ) : (
          <Table
            caption={t('devices.table.caption')}
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
        )}
      </>
    );
  return (
    <>
      <PanelTitle>
        <div>
          <Button to="/panel" variant="ghost" size="sm" icon="arrowBack">
            {t('devices.back')}
          </Button>
        </div>
        <h1>{t('devices.title')}</h1>
        <p>{t('devices.subtitle')}</p>
      </PanelTitle>
      {content}
      <PanelFooterLinks />
    </>
  );
}
