import { useId, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { AdminNotice } from '../AdminNotice';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { stack } from '../theme';

const DialogForm = styled.form`
  ${stack(4)}
`;

export interface AdminDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question or the small form; a plain question is a `<p>`. */
  children?: ReactNode;
  /** The confirming button's text ("Suspend", "Save"). */
  confirmLabel: ReactNode;
  /** Red for what cannot be undone or cuts a customer off. */
  tone?: 'primary' | 'danger';
  /** The request is under way: the confirming button spins and both are locked. */
  busy?: boolean;
  /** The failed request's message, shown in the dialog. */
  error?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The console's one dialog: a confirmation or a small form in a modal. Its content is a form, so
 * that Enter in a field confirms; the caller validates in `onConfirm`.
 */
export function AdminDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: AdminDialogProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onCancel}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={tone === 'danger' ? 'danger' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <DialogForm id={formId} onSubmit={submit} noValidate>
        {children}
        {error ? <AdminNotice tone="error">{error}</AdminNotice> : null}
      </DialogForm>
    </Modal>
  );
}
