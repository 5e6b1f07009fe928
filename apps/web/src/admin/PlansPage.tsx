import { useState } from 'react';
import { useAdminCreatePlanMutation, useAdminPlansQuery, useAdminUpdatePlanMutation } from '@separ/api';
import type { AdminPlan, AdminPlanInput } from '@separ/domain';
import { AdminPlansScreen, type AdminActionError } from '@separ/ui';
import { actionError } from './errors.ts';
import { queryView } from './useListQuery.ts';

/** The plans: the list, a form to make or change one, and offering or withdrawing it. */
export function PlansPage() {
  const plans = useAdminPlansQuery();
  const [create, creating] = useAdminCreatePlanMutation();
  const [update, updating] = useAdminUpdatePlanMutation();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [saveError, setSaveError] = useState<AdminActionError | null>(null);
  const [togglingId, setTogglingId] = useState<number | null>(null);
  const [toggleError, setToggleError] = useState<AdminActionError | null>(null);

  const save = async (input: AdminPlanInput, id: number | null) => {
    setSaveError(null);
    try {
      await (id === null ? create(input) : update({ id, ...input })).unwrap();
      setEditing(null);
    } catch (error) {
      setSaveError(actionError(error));
    }
  };
  const toggle = async (plan: AdminPlan) => {
    setToggleError(null);
    setTogglingId(plan.id);
    try {
      await update({ id: plan.id, active: !plan.active }).unwrap();
    } catch (error) {
      setToggleError(actionError(error));
    } finally {
      setTogglingId(null);
    }
  };

  return (
    <AdminPlansScreen
      {...queryView(plans)}
      plans={plans.data ?? []}
      editing={editing}
      onEdit={(plan) => {
        setSaveError(null);
        setEditing(plan);
      }}
      onCancelEdit={() => setEditing(null)}
      onSave={(input, id) => void save(input, id)}
      saving={creating.isLoading || (updating.isLoading && togglingId === null)}
      saveError={saveError}
      onToggleActive={(plan) => void toggle(plan)}
      togglingId={togglingId}
      toggleError={toggleError}
    />
  );
}
