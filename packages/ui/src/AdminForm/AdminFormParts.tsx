import { useTranslation } from 'react-i18next';
import { FormActions } from '../AdminLayout/adminParts';
import { adminErrorText, AdminNotice, type AdminActionError } from '../AdminNotice';
import { Button } from '../Button';

/** Above a form's fields: that some need correcting (after a check), and what the server refused. */
export function FormProblems({
  invalid,
  summary,
  saveError,
}: {
  invalid: boolean;
  /** "Correct the fields marked below." */
  summary: string;
  saveError: AdminActionError | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {invalid ? <AdminNotice tone="error">{summary}</AdminNotice> : null}
      {saveError ? <AdminNotice tone="error">{adminErrorText(saveError, t)}</AdminNotice> : null}
    </>
  );
}

/** Under an editor's fields: save (Saving… while it runs) and cancel. */
export function EditorActions({
  saving,
  saveLabel,
  onCancel,
}: {
  saving: boolean;
  saveLabel: string;
  onCancel(): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <FormActions>
      <Button type="submit" icon="check" loading={saving}>
        {saving ? t('common.saving') : saveLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </Button>
    </FormActions>
  );
}
