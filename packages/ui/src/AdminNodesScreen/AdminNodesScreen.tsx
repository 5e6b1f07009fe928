import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AdminCountry,
  AdminNode,
  AdminNodeHost,
  AdminNodeHostInput,
  AdminNodeInput,
  AdminNodeSecret,
  AdminRadiusClient,
  AdminServer,
} from '@separ/domain';
import { AdminDataTable, wholePage } from '../AdminDataTable';
import { ActiveBadge, CodeBlock, RowActions, RowButton } from '../AdminLayout/adminParts';
import { AdminDialog } from '../AdminDialog';
import { adminErrorText, AdminNotice, type AdminActionError } from '../AdminNotice';
import { AdminPageHeader } from '../AdminPageHeader';
import { StateBadge, type BadgeLook } from '../Badge';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { Modal } from '../Modal';
import { Tabs, tabIds } from '../Tabs';
import { Address, CopyRow, Name, SecretField, Stack, TabsRow } from './AdminNodesScreen.styles';
import { CountriesPanel, RadiusPanel, ServersPanel, type AddResult, type AdminListState } from './CatalogPanels';
import { NodeEditor } from './NodeEditor';
import { NodeHostsPanel } from './NodeHostsPanel';
import {
  NETWORK_LABELS,
  PROTOCOL_LABELS,
  SECURITY_LABELS,
  type AdminRadiusClientInput,
  type AdminServerInput,
} from './nodeForm';
import { MB } from '@separ/domain';

export type AdminNodesTab = 'nodes' | 'radius' | 'countries' | 'servers';

export interface AdminNodesScreenProps {
  tab: AdminNodesTab;
  onTabChange(tab: AdminNodesTab): void;
  /** Retry loading the list of a tab. */
  onRetry(tab: AdminNodesTab): void;

  nodes: AdminListState<AdminNode>;
  /** The node in the form, `new` for a new one, or null for the list. */
  editingNode: AdminNode | 'new' | null;
  onEditNode(node: AdminNode | 'new'): void;
  onCancelNode(): void;
  /** A checked node: `id` null makes one (POST, answered with its secret), else changes it (PATCH). */
  onSaveNode(input: AdminNodeInput, id: number | null): void;
  savingNode?: boolean;
  nodeError?: AdminActionError | null;
  /** Asked after the operator confirmed: a new token (the old one stops working). */
  onRotateToken(node: AdminNode): void;
  rotatingId?: number | null;
  /** Asked after the operator confirmed. */
  onDeleteNode(node: AdminNode): void;
  /** A failed rotation or deletion. */
  nodeActionError?: AdminActionError | null;
  /**
   * The extra addresses of the node in the form (CONTRACTS §14), shown under it when given (an
   * existing node only): add, pause or resume, remove (confirmed here first).
   */
  nodeHosts?: AdminListState<AdminNodeHost>;
  onRetryNodeHosts?(): void;
  onAddNodeHost?(input: AdminNodeHostInput): AddResult;
  addingNodeHost?: boolean;
  nodeHostError?: AdminActionError | null;
  onSetNodeHostPaused?(host: AdminNodeHost, paused: boolean): void;
  pausingNodeHostId?: number | null;
  onRemoveNodeHost?(host: AdminNodeHost): void;
  /** The token and V2bX config to show once (after a create or a rotation), else null. */
  secret: AdminNodeSecret | null;
  onCloseSecret(): void;

  radiusClients: AdminListState<AdminRadiusClient>;
  onAddRadiusClient(input: AdminRadiusClientInput): AddResult;
  addingRadiusClient?: boolean;
  radiusError?: AdminActionError | null;
  radiusWarning?: string | null;
  onRemoveRadiusClient(client: AdminRadiusClient): void;

  countries: AdminListState<AdminCountry>;
  onAddCountry(country: AdminCountry): AddResult;
  addingCountry?: boolean;
  countryError?: AdminActionError | null;
  onRemoveCountry(country: AdminCountry): void;

  servers: AdminListState<AdminServer>;
  onAddServer(server: AdminServerInput): AddResult;
  addingServer?: boolean;
  serverError?: AdminActionError | null;
  onRemoveServer(server: AdminServer): void;
}

type Pending =
  | { kind: 'rotate'; node: AdminNode }
  | { kind: 'deleteNode'; node: AdminNode }
  | { kind: 'host'; host: AdminNodeHost }
  | { kind: 'radius'; client: AdminRadiusClient }
  | { kind: 'country'; country: AdminCountry }
  | { kind: 'server'; server: AdminServer };

const TABS: AdminNodesTab[] = ['nodes', 'radius', 'countries', 'servers'];

const ONLINE_LOOKS: Record<'online' | 'offline', BadgeLook> = {
  online: ['success', 'check'],
  offline: ['danger', 'alert'],
};

/** The V2Ray nodes (V2bX), the RADIUS clients (ocserv), the countries and the hand-written server templates. */
export function AdminNodesScreen(props: AdminNodesScreenProps) {
  const { t } = useTranslation('admin');
  const [pending, setPending] = useState<Pending | null>(null);
  const ids = tabIds('admin-nodes', props.tab);
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'rotate') props.onRotateToken(pending.node);
    else if (pending.kind === 'deleteNode') props.onDeleteNode(pending.node);
    else if (pending.kind === 'host') props.onRemoveNodeHost?.(pending.host);
    else if (pending.kind === 'radius') props.onRemoveRadiusClient(pending.client);
    else if (pending.kind === 'country') props.onRemoveCountry(pending.country);
    else props.onRemoveServer(pending.server);
    setPending(null);
  };
  const target =
    pending === null
      ? ''
      : pending.kind === 'rotate' || pending.kind === 'deleteNode'
        ? pending.node.name
        : pending.kind === 'host'
          ? (pending.host.remark ?? pending.host.address)
          : pending.kind === 'radius'
            ? pending.client.name || pending.client.ip
            : pending.kind === 'country'
              ? pending.country.code
              : pending.server.title;
  let panel;
  if (props.tab === 'nodes')
    panel =
      props.editingNode !== null ? (
        <Stack>
          <NodeEditor
            key={props.editingNode === 'new' ? 'new' : props.editingNode.id}
            node={props.editingNode === 'new' ? null : props.editingNode}
            countries={props.countries.items}
            onSave={props.onSaveNode}
            onCancel={props.onCancelNode}
            saving={props.savingNode ?? false}
            saveError={props.nodeError ?? null}
          />
          {props.editingNode !== 'new' && props.nodeHosts ? (
            <NodeHostsPanel
              key={`hosts-${props.editingNode.id}`}
              node={props.editingNode}
              hosts={props.nodeHosts}
              onRetry={() => props.onRetryNodeHosts?.()}
              onAdd={(input) => props.onAddNodeHost?.(input)}
              adding={props.addingNodeHost}
              addError={props.nodeHostError}
              onSetPaused={(host, paused) => props.onSetNodeHostPaused?.(host, paused)}
              pausingId={props.pausingNodeHostId}
              onRemove={(host) => setPending({ kind: 'host', host })}
            />
          ) : null}
        </Stack>
      ) : (
        <NodesList {...props} onAsk={setPending} />
      );
  else if (props.tab === 'radius')
    panel = (
      <RadiusPanel
        clients={props.radiusClients}
        onRetry={() => props.onRetry('radius')}
        onAdd={props.onAddRadiusClient}
        adding={props.addingRadiusClient}
        addError={props.radiusError}
        warning={props.radiusWarning}
        onRemove={(client) => setPending({ kind: 'radius', client })}
      />
    );
  else if (props.tab === 'countries')
    panel = (
      <CountriesPanel
        countries={props.countries}
        onRetry={() => props.onRetry('countries')}
        onAdd={props.onAddCountry}
        adding={props.addingCountry}
        addError={props.countryError}
        onRemove={(country) => setPending({ kind: 'country', country })}
      />
    );
  else
    panel = (
      <ServersPanel
        servers={props.servers}
        countries={props.countries.items}
        onRetry={() => props.onRetry('servers')}
        onAdd={props.onAddServer}
        adding={props.addingServer}
        addError={props.serverError}
        onRemove={(server) => setPending({ kind: 'server', server })}
      />
    );
  return (
    <>
      <AdminPageHeader
        title={t('nodes.title')}
        subtitle={t('nodes.subtitle')}
        actions={
          props.tab === 'nodes' && props.editingNode === null ? (
            <Button onClick={() => props.onEditNode('new')}>{t('nodes.new')}</Button>
          ) : props.tab === 'nodes' ? (
            <Button variant="ghost" icon="arrowBack" onClick={props.onCancelNode}>
              {t('common.back')}
            </Button>
          ) : undefined
        }
      />
      <TabsRow>
        <Tabs
          items={TABS.map((id) => ({ id, label: t(`nodes.tabs.${id}`) }))}
          value={props.tab}
          onChange={props.onTabChange}
          label={t('nodes.tabs.label')}
          idPrefix="admin-nodes"
        />
      </TabsRow>
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab}>
        {panel}
      </div>
      <AdminDialog
        open={pending !== null}
        title={pending ? t(`nodes.confirm.${pending.kind}.title`) : ''}
        confirmLabel={pending ? t(`nodes.confirm.${pending.kind}.confirm`) : ''}
        tone="danger"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p>{pending ? t(`nodes.confirm.${pending.kind}.message`, { name: target }) : ''}</p>
      </AdminDialog>
      <SecretModal secret={props.secret} onClose={props.onCloseSecret} />
    </>
  );
}

function NodesList({
  nodes,
  countries,
  onRetry,
  onEditNode,
  rotatingId,
  nodeActionError,
  onAsk,
}: AdminNodesScreenProps & { onAsk(pending: Pending): void }) {
  const { t, i18n } = useTranslation('admin');
  const format = useFormat();
  const countryName = (code: string) => {
    const country = countries.items.find((item) => item.code === code);
    if (!country) return code;
    return i18n.language === 'en' ? country.title : country.titleFa;
  };
  return (
    <Stack>
      {nodeActionError ? <AdminNotice tone="error">{adminErrorText(nodeActionError, t)}</AdminNotice> : null}
      <AdminDataTable
        caption={t('nodes.caption')}
        status={nodes.status}
        data={nodes.status === 'ready' ? wholePage(nodes.items) : null}
        paginated={false}
        loadingLabel={t('nodes.loading')}
        errorTitle={t('nodes.errorTitle')}
        errorMessage={t('nodes.errorMessage')}
        onRetry={() => onRetry('nodes')}
        emptyIcon="server"
        emptyTitle={t('nodes.emptyTitle')}
        emptyMessage={t('nodes.emptyMessage')}
        emptyAction={<Button onClick={() => onEditNode('new')}>{t('nodes.new')}</Button>}
        rowKey={(node) => String(node.id)}
        columns={[
          {
            key: 'name',
            header: t('nodes.columns.name'),
            cell: (node) => (
              <Address>
                <Name>{node.name}</Name>
                <small>{node.country ? countryName(node.country) : t('nodes.noCountry')}</small>
              </Address>
            ),
          },
          {
            key: 'protocol',
            header: t('nodes.columns.protocol'),
            cell: (node) => (
              <Address>
                <span>{PROTOCOL_LABELS[node.protocol]}</span>
                <small>
                  <Ltr>
                    {[
                      NETWORK_LABELS[node.network] ?? node.network,
                      SECURITY_LABELS[node.security] ?? t('nodes.noSecurity'),
                    ].join(' · ')}
                  </Ltr>
                </small>
              </Address>
            ),
          },
          {
            key: 'address',
            header: t('nodes.columns.address'),
            cell: (node) => <Ltr>{[node.host, node.port].join(':')}</Ltr>,
          },
          {
            key: 'online',
            header: t('nodes.columns.status'),
            cell: (node) => (
              <Address>
                {node.active ? (
                  <StateBadge state={node.online ? 'online' : 'offline'} looks={ONLINE_LOOKS}>
                    {t(node.online ? 'nodes.online' : 'nodes.offline')}
                  </StateBadge>
                ) : (
                  <ActiveBadge active={false} />
                )}
                {node.lastSeenAt && !node.online ? (
                  <small>{t('nodes.lastSeen', { time: format.dateTime(node.lastSeenAt) })}</small>
                ) : null}
              </Address>
            ),
          },
          {
            key: 'traffic',
            header: t('nodes.columns.traffic'),
            cell: (node) => format.data(node.trafficBytes / MB),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            cell: (node) => (
              <RowActions>
                <RowButton label={t('common.edit')} row={node.name} onClick={() => onEditNode(node)} />
                <RowButton
                  label={t('nodes.rotate')}
                  row={node.name}
                  icon="key"
                  loading={rotatingId === node.id}
                  onClick={() => onAsk({ kind: 'rotate', node })}
                />
                <RowButton
                  label={t('common.remove')}
                  row={node.name}
                  variant="danger"
                  onClick={() => onAsk({ kind: 'deleteNode', node })}
                />
              </RowActions>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** The node's token and its V2bX config, shown this once, each with a copy button. */
function SecretModal({ secret, onClose }: { secret: AdminNodeSecret | null; onClose(): void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Modal
      open={secret !== null}
      onClose={onClose}
      title={t('nodes.secret.title', { name: secret?.node.name ?? '' })}
      actions={<Button onClick={onClose}>{t('nodes.secret.done')}</Button>}
    >
      {secret ? (
        <>
          <AdminNotice tone="warning">{t('nodes.secret.once')}</AdminNotice>
          <SecretField>
            <h3>{t('nodes.secret.token')}</h3>
            <CodeBlock>{secret.token}</CodeBlock>
            <CopyRow>
              <CopyButton
                text={secret.token}
                size="sm"
                label={t('nodes.secret.copyToken')}
                copiedLabel={t('common:actions.copied')}
              />
            </CopyRow>
          </SecretField>
          <SecretField>
            <h3>{t('nodes.secret.config', { app: 'V2bX' })}</h3>
            <p>{t('nodes.secret.configHint', { app: 'V2bX', file: 'config.json' })}</p>
            <CodeBlock>{secret.v2bxConfig}</CodeBlock>
            <CopyRow>
              <CopyButton
                text={secret.v2bxConfig}
                size="sm"
                label={t('nodes.secret.copyConfig')}
                copiedLabel={t('common:actions.copied')}
              />
            </CopyRow>
          </SecretField>
        </>
      ) : null}
    </Modal>
  );
}
