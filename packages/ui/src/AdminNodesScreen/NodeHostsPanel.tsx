import { useTranslation } from 'react-i18next';
import type { AdminNode, AdminNodeHost, AdminNodeHostInput } from '@separ/domain';
import { RowButton } from '../AdminLayout/adminParts';
import type { AdminActionError } from '../AdminNotice';
import { StateBadge, type BadgeLook } from '../Badge';
import { TextField } from '../FormField';
import { Ltr } from '../Layout';
import { Address, Muted } from './AdminNodesScreen.styles';
import { CatalogPanel, useAdd, type AddResult, type AdminListState } from './CatalogPanels';
import { EMPTY_NODE_HOST, nodeHostInput, validateNodeHost } from './nodeHostForm';

const HOST_LOOKS: Record<'active' | 'paused', BadgeLook> = {
  active: ['success', 'check'],
  paused: ['neutral', 'ban'],
};

export interface NodeHostsPanelProps {
  node: AdminNode;
  hosts: AdminListState<AdminNodeHost>;
  onRetry(): void;
  onAdd(input: AdminNodeHostInput): AddResult;
  adding?: boolean;
  addError?: AdminActionError | null;
  /** Pause (true) or resume (false) a host: no confirmation, it can be undone. */
  onSetPaused(host: AdminNodeHost, paused: boolean): void;
  /** The host whose pause or resume is on its way. */
  pausingId?: number | null;
  /** Asks to remove (the screen confirms first). */
  onRemove(host: AdminNodeHost): void;
}

/**
 * A node's extra addresses (CONTRACTS §14), under the node's form: a CDN, a relay or a clean IP,
 * each one more link in users' subscriptions with the node's keys. A paused one stays listed.
 */
export function NodeHostsPanel({ node, hosts, onAdd, onSetPaused, pausingId, ...actions }: NodeHostsPanelProps) {
  const { t } = useTranslation('admin');
  const { submit, bind } = useAdd(EMPTY_NODE_HOST, validateNodeHost, nodeHostInput, onAdd, (problem) =>
    t(`nodes.errors.${problem}`),
  );
  const nodeValue = <Muted>{t('nodeHosts.asNode')}</Muted>;
  const name = (host: AdminNodeHost) => host.remark ?? host.address;
  return (
    <CatalogPanel
      texts="nodeHosts"
      list={hosts}
      {...actions}
      emptyIcon="server"
      emptyMessage={t('nodeHosts.emptyMessage')}
      intro={<p>{t('nodeHosts.subtitle', { name: node.name })}</p>}
      rowKey={(host) => String(host.id)}
      columns={[
        {
          key: 'address',
          header: t('nodeHosts.columns.address'),
          cell: (host) => (
            <Address>
              <Ltr>{[host.address, host.port ?? node.port].join(':')}</Ltr>
              <small>{t('nodeHosts.inApps', { name: `${node.name} - ${host.remark ?? host.address}` })}</small>
            </Address>
          ),
        },
        {
          key: 'sni',
          header: t('nodeHosts.columns.sni'),
          cell: (host) => (host.sni ? <bdi dir="ltr">{host.sni}</bdi> : nodeValue),
        },
        {
          key: 'host',
          header: t('nodeHosts.columns.host'),
          cell: (host) => (host.host ? <bdi dir="ltr">{host.host}</bdi> : nodeValue),
        },
        {
          key: 'status',
          header: t('nodeHosts.columns.status'),
          cell: (host) => (
            <StateBadge state={host.paused ? 'paused' : 'active'} looks={HOST_LOOKS}>
              {t(host.paused ? 'nodeHosts.paused' : 'nodeHosts.active')}
            </StateBadge>
          ),
        },
      ]}
      rowName={name}
      rowActions={(host) => (
        <RowButton
          label={t(host.paused ? 'nodeHosts.resume' : 'nodeHosts.pause')}
          row={name(host)}
          loading={pausingId === host.id}
          onClick={() => onSetPaused(host, !host.paused)}
        />
      )}
      onSubmit={submit}
      fields={
        <>
          <TextField
            label={t('nodeHosts.fields.address')}
            hint={t('nodeHosts.hints.address')}
            {...bind('address')}
            dir="ltr"
            required
          />
          <TextField
            label={`${t('nodeHosts.fields.port')} (${t('common.optional')})`}
            hint={t('nodeHosts.hints.port')}
            {...bind('port')}
            dir="ltr"
            inputMode="numeric"
          />
          <TextField
            label={`${t('nodeHosts.fields.remark')} (${t('common.optional')})`}
            hint={t('nodeHosts.hints.remark')}
            {...bind('remark')}
          />
          <TextField
            label={`${t('nodeHosts.fields.sni')} (${t('common.optional')})`}
            hint={t('nodeHosts.hints.sni')}
            {...bind('sni')}
            dir="ltr"
          />
          <TextField
            label={`${t('nodeHosts.fields.host')} (${t('common.optional')})`}
            hint={t('nodeHosts.hints.host')}
            {...bind('host')}
            dir="ltr"
          />
        </>
      }
    />
  );
}
