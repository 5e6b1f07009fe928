// The operators module's public face: operators and their sign-in, the console's API (which
// mounts every module's admin functions), the overview and the account detail views.
export { adminRoutes } from './adminRoutes.ts';
export {
  addOperator,
  DEMO_OPERATOR,
  listOperators,
  removeOperator,
  seedDemoOperator,
  unlockOperator,
} from './operators.ts';
export { OPERATOR_COMMANDS } from './cli.ts';
export { diagnose, findingLine, runDoctor } from './doctor.ts';
export type { DoctorInput, Finding } from './doctor.ts';
