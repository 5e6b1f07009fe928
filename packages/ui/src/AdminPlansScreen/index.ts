export { AdminPlansScreen, type AdminPlansScreenProps } from './AdminPlansScreen';
export {
  draftFromPlan,
  EMPTY_PLAN_DRAFT,
  validatePlanDraft,
  type PlanDraft,
  type PlanField,
  type PlanFieldError,
} from './planForm';
