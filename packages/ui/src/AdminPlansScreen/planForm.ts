import type { AdminPlan, AdminPlanInput, ResetPeriod } from '@separ/domain';
import type { Checked, FieldErrors } from '../AdminForm';
import { parseWhole } from '../AdminLayout/numbers';

/** The plan form as typed: text fields as text, so that a wrong entry can be shown and corrected. */
export interface PlanDraft {
  title: string;
  platform: 'android' | 'ios';
  unlimited: boolean;
  data: string;
  dataUnit: 'GB' | 'MB';
  days: string;
  devices: string;
  toman: string;
  /** Empty: the same as `toman`. */
  credit: string;
  active: boolean;
  /** CONTRACTS §14: the data starts again every day, week or month of the subscription. */
  reset: ResetPeriod;
}

export type PlanField = 'title' | 'data' | 'days' | 'devices' | 'toman' | 'credit';

/** Why a field is refused; the screen words each one (admin:plans.errors.*). */
export type PlanFieldError = 'required' | 'tooLong' | 'whole' | 'atLeastOne' | 'tooLarge' | 'creditAboveToman';

export const PLAN_TITLE_MAX = 80;
export const PLAN_MAX_DAYS = 3650;
export const PLAN_MAX_DEVICES = 100;

export const EMPTY_PLAN_DRAFT: PlanDraft = {
  title: '',
  platform: 'android',
  unlimited: false,
  data: '',
  dataUnit: 'GB',
  days: '30',
  devices: '1',
  toman: '',
  credit: '',
  active: true,
  reset: 'none',
};

/** The form filled with a plan to edit (data in GB when it is whole gigabytes). */
export function draftFromPlan(plan: AdminPlan): PlanDraft {
  const unlimited = plan.allowedMB === -1;
  const inGB = !unlimited && plan.allowedMB % 1024 === 0;
  return {
    title: plan.title,
    platform: plan.ios ? 'ios' : 'android',
    unlimited,
    data: unlimited ? '' : String(inGB ? plan.allowedMB / 1024 : plan.allowedMB),
    dataUnit: inGB || unlimited ? 'GB' : 'MB',
    days: String(plan.days),
    devices: String(plan.devices),
    toman: String(plan.toman),
    credit: plan.credit === plan.toman ? '' : String(plan.credit),
    active: plan.active,
    reset: plan.reset ?? 'none',
  };
}

function positive(text: string, max?: number): number | PlanFieldError {
  if (!text.trim()) return 'required';
  const value = parseWhole(text);
  if (value === null) return 'whole';
  if (value < 1) return 'atLeastOne';
  if (max !== undefined && value > max) return 'tooLarge';
  return value;
}

/** Checks the form: the input to send, or the fields to correct. */
export function validatePlanDraft(draft: PlanDraft): Checked<AdminPlanInput, PlanField, PlanFieldError> {
  const errors: FieldErrors<PlanField, PlanFieldError> = {};
  const title = draft.title.trim();
  if (!title) errors.title = 'required';
  else if (title.length > PLAN_TITLE_MAX) errors.title = 'tooLong';
  const days = positive(draft.days, PLAN_MAX_DAYS);
  if (typeof days === 'string') errors.days = days;
  const devices = positive(draft.devices, PLAN_MAX_DEVICES);
  if (typeof devices === 'string') errors.devices = devices;
  const toman = positive(draft.toman);
  if (typeof toman === 'string') errors.toman = toman;
  let allowedMB = -1;
  if (!draft.unlimited) {
    const data = positive(draft.data);
    if (typeof data === 'string') errors.data = data;
    else allowedMB = draft.dataUnit === 'GB' ? data * 1024 : data;
  }
  let credit: number | undefined;
  if (draft.credit.trim()) {
    const value = positive(draft.credit);
    if (typeof value === 'string') errors.credit = value;
    else if (typeof toman === 'number' && value > toman) errors.credit = 'creditAboveToman';
    else credit = value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      title,
      ios: draft.platform === 'ios',
      allowedMB,
      days: days as number,
      devices: devices as number,
      toman: toman as number,
      credit: credit ?? (toman as number),
      active: draft.active,
      reset: draft.reset,
    },
  };
}
