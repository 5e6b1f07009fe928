import type { AdminNodeHostInput } from '@separ/domain';
import { isHost, parseWhole } from '../AdminLayout/numbers';

/** The add form of a node's extra address, as typed. */
export interface NodeHostDraft {
  address: string;
  port: string;
  sni: string;
  host: string;
  remark: string;
}

export const EMPTY_NODE_HOST: NodeHostDraft = { address: '', port: '', sni: '', host: '', remark: '' };

export type NodeHostProblem = 'required' | 'host' | 'port' | 'tooLong';

/** What is wrong with the draft, by field (the key of `admin:nodes.errors`); empty when it can be sent. */
export function validateNodeHost(draft: NodeHostDraft): Partial<Record<keyof NodeHostDraft, NodeHostProblem>> {
  const errors: Partial<Record<keyof NodeHostDraft, NodeHostProblem>> = {};
  if (!draft.address.trim()) errors.address = 'required';
  else if (!isHost(draft.address)) errors.address = 'host';
  if (draft.port.trim()) {
    const port = parseWhole(draft.port);
    if (port === null || port < 1 || port > 65_535) errors.port = 'port';
  }
  if (draft.sni.trim() && !isHost(draft.sni)) errors.sni = 'host';
  if (draft.host.trim() && !isHost(draft.host)) errors.host = 'host';
  if (draft.remark.trim().length > 64) errors.remark = 'tooLong';
  return errors;
}

/** The checked draft as `POST /api/admin/nodes/:id/hosts` takes it (empty fields: the node's own). */
export function nodeHostInput(draft: NodeHostDraft): AdminNodeHostInput {
  const text = (value: string) => value.trim() || null;
  const port = draft.port.trim() ? parseWhole(draft.port) : null;
  return {
    address: draft.address.trim().toLowerCase(),
    port,
    sni: text(draft.sni)?.toLowerCase() ?? null,
    host: text(draft.host)?.toLowerCase() ?? null,
    remark: text(draft.remark),
  };
}
