import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  useAdminCountriesQuery,
  useAdminCreateNodeHostMutation,
  useAdminCreateNodeMutation,
  useAdminCreateRadiusClientMutation,
  useAdminCreateServerMutation,
  useAdminDeleteCountryMutation,
  useAdminDeleteNodeHostMutation,
  useAdminDeleteNodeMutation,
  useAdminNodeHostsQuery,
  useAdminDeleteRadiusClientMutation,
  useAdminDeleteServerMutation,
  useAdminNodesQuery,
  useAdminRadiusClientsQuery,
  useAdminRotateNodeTokenMutation,
  useAdminSaveCountryMutation,
  useAdminServersQuery,
  useAdminSetNodeHostPausedMutation,
  useAdminUpdateNodeMutation,
} from '@separ/api';
import type { AdminNode, AdminNodeInput, AdminNodeSecret } from '@separ/domain';
import { AdminNodesScreen, type AdminActionError, type AdminNodesTab } from '@separ/ui';
import { actionError } from './errors.ts';
import { listStatus } from './useListQuery.ts';

const TABS: readonly AdminNodesTab[] = ['nodes', 'radius', 'countries', 'servers'];

/** A short list as the nodes screen's tabs take it. */
function listOf<T>(result: { isError: boolean; data?: T[] }) {
  return { status: listStatus(result), items: result.data ?? [] };
}

/**
 * Nodes, RADIUS clients, countries and servers, a tab each (`?tab=` in the address). A new node's or
 * a rotated token's secret is shown once; adds answer a promise so that their forms empty on success.
 */
export function NodesPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as AdminNodesTab | null;
  const tab: AdminNodesTab = asked && TABS.includes(asked) ? asked : 'nodes';

  const nodes = useAdminNodesQuery();
  const radius = useAdminRadiusClientsQuery(undefined, { skip: tab !== 'radius' });
  // Nodes and servers are placed in countries: their forms list them.
  const countries = useAdminCountriesQuery();
  const servers = useAdminServersQuery(undefined, { skip: tab !== 'servers' });

  const [createNode, creatingNode] = useAdminCreateNodeMutation();
  const [updateNode, updatingNode] = useAdminUpdateNodeMutation();
  const [rotateToken] = useAdminRotateNodeTokenMutation();
  const [deleteNode] = useAdminDeleteNodeMutation();
  const [createRadius, creatingRadius] = useAdminCreateRadiusClientMutation();
  const [deleteRadius] = useAdminDeleteRadiusClientMutation();
  const [saveCountry, savingCountry] = useAdminSaveCountryMutation();
  const [deleteCountry] = useAdminDeleteCountryMutation();
  const [createServer, creatingServer] = useAdminCreateServerMutation();
  const [deleteServer] = useAdminDeleteServerMutation();

  const [editingNode, setEditingNode] = useState<AdminNode | 'new' | null>(null);
  const [nodeError, setNodeError] = useState<AdminActionError | null>(null);
  const [rotatingId, setRotatingId] = useState<number | null>(null);
  const [nodeActionError, setNodeActionError] = useState<AdminActionError | null>(null);
  const [secret, setSecret] = useState<AdminNodeSecret | null>(null);
  const [radiusError, setRadiusError] = useState<AdminActionError | null>(null);
  const [radiusWarning, setRadiusWarning] = useState<string | null>(null);
  const [countryError, setCountryError] = useState<AdminActionError | null>(null);
  const [serverError, setServerError] = useState<AdminActionError | null>(null);

  // The extra addresses of the node in the form (CONTRACTS §14).
  const editingId = editingNode !== null && editingNode !== 'new' ? editingNode.id : null;
  const nodeHosts = useAdminNodeHostsQuery(editingId ?? 0, { skip: editingId === null });
  const [createHost, creatingHost] = useAdminCreateNodeHostMutation();
  const [setHostPaused] = useAdminSetNodeHostPausedMutation();
  const [deleteHost] = useAdminDeleteNodeHostMutation();
  const [hostError, setHostError] = useState<AdminActionError | null>(null);
  const [pausingHostId, setPausingHostId] = useState<number | null>(null);

  /** Runs an add; its error goes to `setError` and the promise rejects, so that the form keeps what was typed. */
  const add = async <T,>(run: Promise<T>, setError: (error: AdminActionError | null) => void): Promise<T> => {
    setError(null);
    try {
      return await run;
    } catch (error) {
      setError(actionError(error));
      throw error;
    }
  };
  const act = async (run: Promise<unknown>, setError: (error: AdminActionError | null) => void) => {
    setError(null);
    try {
      await run;
    } catch (error) {
      setError(actionError(error));
    }
  };

  const saveNode = async (input: AdminNodeInput, id: number | null) => {
    setNodeError(null);
    try {
      if (id === null) setSecret(await createNode(input).unwrap());
      else await updateNode({ id, ...input }).unwrap();
      setEditingNode(null);
    } catch (error) {
      setNodeError(actionError(error));
    }
  };
  const rotate = async (node: AdminNode) => {
    setNodeActionError(null);
    setRotatingId(node.id);
    try {
      setSecret(await rotateToken(node.id).unwrap());
    } catch (error) {
      setNodeActionError(actionError(error));
    } finally {
      setRotatingId(null);
    }
  };

  const pauseHost = async (nodeId: number, hostId: number, paused: boolean) => {
    setHostError(null);
    setPausingHostId(hostId);
    try {
      await setHostPaused({ nodeId, hostId, paused }).unwrap();
    } catch (error) {
      setHostError(actionError(error));
    } finally {
      setPausingHostId(null);
    }
  };

  return (
    <AdminNodesScreen
      tab={tab}
      onTabChange={(next) => setParams(next === 'nodes' ? {} : { tab: next })}
      onRetry={(which) => {
        const retry = { nodes, radius, countries, servers }[which === 'radius' ? 'radius' : which];
        void retry.refetch();
      }}
      nodes={listOf(nodes)}
      editingNode={editingNode}
      onEditNode={(node) => {
        setNodeError(null);
        setEditingNode(node);
      }}
      onCancelNode={() => setEditingNode(null)}
      onSaveNode={(input, id) => void saveNode(input, id)}
      savingNode={creatingNode.isLoading || updatingNode.isLoading}
      nodeError={nodeError}
      onRotateToken={(node) => void rotate(node)}
      rotatingId={rotatingId}
      onDeleteNode={(node) => void act(deleteNode(node.id).unwrap(), setNodeActionError)}
      nodeActionError={nodeActionError}
      nodeHosts={editingId === null ? undefined : listOf(nodeHosts)}
      onRetryNodeHosts={() => void nodeHosts.refetch()}
      onAddNodeHost={(input) =>
        editingId === null ? undefined : add(createHost({ nodeId: editingId, ...input }).unwrap(), setHostError)
      }
      addingNodeHost={creatingHost.isLoading}
      nodeHostError={hostError}
      onSetNodeHostPaused={(host, paused) => void pauseHost(host.nodeId, host.id, paused)}
      pausingNodeHostId={pausingHostId}
      onRemoveNodeHost={(host) => void act(deleteHost({ nodeId: host.nodeId, hostId: host.id }).unwrap(), setHostError)}
      secret={secret}
      onCloseSecret={() => setSecret(null)}
      radiusClients={listOf(radius)}
      onAddRadiusClient={async (input) => {
        setRadiusWarning(null);
        const client = await add(createRadius(input).unwrap(), setRadiusError);
        setRadiusWarning(client.warning ?? null);
      }}
      addingRadiusClient={creatingRadius.isLoading}
      radiusError={radiusError}
      radiusWarning={radiusWarning}
      onRemoveRadiusClient={(client) => void act(deleteRadius(client.id).unwrap(), setRadiusError)}
      countries={listOf(countries)}
      onAddCountry={(country) => add(saveCountry(country).unwrap(), setCountryError)}
      addingCountry={savingCountry.isLoading}
      countryError={countryError}
      onRemoveCountry={(country) => void act(deleteCountry(country.code).unwrap(), setCountryError)}
      servers={listOf(servers)}
      onAddServer={(server) => add(createServer(server).unwrap(), setServerError)}
      addingServer={creatingServer.isLoading}
      serverError={serverError}
      onRemoveServer={(server) => void act(deleteServer(server.id).unwrap(), setServerError)}
    />
  );
}
