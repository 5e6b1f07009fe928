// The catalog module's public face: plans, countries and hand-written servers, the cached public
// plan list, and the public calls that serve them.
export {
  addCountry,
  addServer,
  createPlan,
  listCountries,
  listPlans,
  listServers,
  planById,
  planRows,
  removeCountry,
  removeServer,
  updatePlan,
} from './admin.ts';
export { currentPlans } from './plansCache.ts';
export { publicRoutes } from './routes.ts';
export { CATALOG_COMMANDS } from './cli.ts';
export { catalogAdminRoutes } from './adminRoutes.ts';
export { planOnSale } from './onSale.ts';
