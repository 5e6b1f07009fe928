export { AdminNodesScreen, type AdminNodesScreenProps, type AdminNodesTab } from './AdminNodesScreen';
export { type AddResult, type AdminListState } from './CatalogPanels';
export {
  draftFromNode,
  EMPTY_NODE_DRAFT,
  NETWORKS,
  NODE_PROTOCOLS,
  SECURITIES,
  validateNodeDraft,
  type AdminRadiusClientInput,
  type AdminServerInput,
  type NodeDraft,
} from './nodeForm';
