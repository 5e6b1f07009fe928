import { useState } from 'react';
import { useAdminSettingsQuery, useAdminUpdateSettingsMutation } from '@separ/api';
import type { ShopSettings } from '@separ/domain';
import { AdminSettingsScreen, type AdminActionError } from '@separ/ui';
import { actionError } from './errors.ts';
import { queryView } from './useListQuery.ts';

/** The shop's settings the operator changes without a rebuild (`GET`/`PUT /api/admin/settings`). */
export function SettingsPage() {
  const settings = useAdminSettingsQuery();
  const [update, { isLoading: saving }] = useAdminUpdateSettingsMutation();
  const [saveError, setSaveError] = useState<AdminActionError | null>(null);
  const [saved, setSaved] = useState(false);
  const save = async (next: ShopSettings) => {
    setSaveError(null);
    setSaved(false);
    try {
      await update(next).unwrap();
      setSaved(true);
    } catch (error) {
      setSaveError(actionError(error));
    }
  };
  return (
    <AdminSettingsScreen
      {...queryView(settings)}
      {...(settings.data ? { settings: settings.data } : {})}
      onSave={(next) => void save(next)}
      saving={saving}
      saveError={saveError}
      saved={saved}
    />
  );
}
