import { describe, expect, it } from 'vitest';
import type { AdminPlan } from '@separ/domain';
import { draftFromPlan, EMPTY_PLAN_DRAFT, validatePlanDraft, type PlanDraft } from './planForm';

const valid: PlanDraft = {
  ...EMPTY_PLAN_DRAFT,
  title: ' یک ماهه ۵۰ گیگ ',
  data: '۵۰',
  toman: '۱۲۰٬۰۰۰',
  credit: '99000',
};

describe('the plan form', () => {
  it('turns a valid form into the input, gigabytes into megabytes and Persian digits into numbers', () => {
    expect(validatePlanDraft(valid)).toEqual({
      ok: true,
      input: {
        title: 'یک ماهه ۵۰ گیگ',
        ios: false,
        allowedMB: 51200,
        days: 30,
        devices: 1,
        toman: 120000,
        credit: 99000,
        active: true,
        reset: 'none',
      },
    });
  });

  it('sends -1 for unlimited data and the toman price as credit when none is given', () => {
    const result = validatePlanDraft({ ...valid, unlimited: true, data: 'ignored', credit: '', platform: 'ios' });
    expect(result).toMatchObject({ ok: true, input: { allowedMB: -1, credit: 120000, ios: true } });
  });

  it('keeps megabytes as typed', () => {
    expect(validatePlanDraft({ ...valid, data: '500', dataUnit: 'MB' })).toMatchObject({ input: { allowedMB: 500 } });
  });

  it('names every wrong field', () => {
    const result = validatePlanDraft({
      ...EMPTY_PLAN_DRAFT,
      title: '   ',
      data: '1.5',
      days: '0',
      devices: '1000',
      toman: '',
      credit: 'abc',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'required',
        data: 'whole',
        days: 'atLeastOne',
        devices: 'tooLarge',
        toman: 'required',
        credit: 'whole',
      },
    });
  });

  it('refuses a card-to-card price above the price and a title too long', () => {
    expect(validatePlanDraft({ ...valid, credit: '130000', title: 'x'.repeat(81) })).toEqual({
      ok: false,
      errors: { title: 'tooLong', credit: 'creditAboveToman' },
    });
  });

  it('fills the form from a plan, in GB when whole gigabytes, else MB', () => {
    const plan: AdminPlan = {
      id: 3,
      title: 'Weekly',
      active: false,
      ios: true,
      allowedMB: 51200,
      days: 7,
      devices: 2,
      toman: 50000,
      credit: 50000,
      sortOrder: 1,
    };
    expect(draftFromPlan(plan)).toEqual({
      title: 'Weekly',
      platform: 'ios',
      unlimited: false,
      data: '50',
      dataUnit: 'GB',
      days: '7',
      devices: '2',
      toman: '50000',
      credit: '',
      active: false,
      reset: 'none',
    });
    // A plan whose data resets keeps its period in the form (CONTRACTS §14).
    expect(draftFromPlan({ ...plan, reset: 'month' }).reset).toBe('month');
    expect(validatePlanDraft({ ...valid, reset: 'week' })).toMatchObject({ ok: true, input: { reset: 'week' } });
    expect(draftFromPlan({ ...plan, allowedMB: 500, credit: 45000 })).toMatchObject({
      data: '500',
      dataUnit: 'MB',
      credit: '45000',
    });
    expect(draftFromPlan({ ...plan, allowedMB: -1 })).toMatchObject({ unlimited: true, data: '' });
    expect(validatePlanDraft(draftFromPlan(plan))).toMatchObject({
      ok: true,
      input: { allowedMB: 51200, credit: 50000 },
    });
  });
});
