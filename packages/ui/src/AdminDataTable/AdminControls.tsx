import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { Ltr } from '../Layout';
import { Modal } from '../Modal';
import { Alert, DialogForm, FieldError, FieldHint, FieldRoot, Input, Secret, Select } from './AdminControls.styles';

export interface AdminInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  hint?: ReactNode;
  /** Takes the toolbar's free room (a search box). */
  grow?: boolean;
}

/** A compact labelled input for toolbars and dialogs, its error and hint tied to it. */
export function AdminInput({ label, value, onChange, error, hint, grow = false, id, ...rest }: AdminInputProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ');
  return (
    <FieldRoot $grow={grow}>
      <label htmlFor={inputId}>{label}</label>
      <Input
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      {error ? <FieldError id={`${inputId}-error`}>{error}</FieldError> : null}
      {hint ? <FieldHint id={`${inputId}-hint`}>{hint}</FieldHint> : null}
    </FieldRoot>
  );
}

export interface AdminSelectProps<T extends string | number> {
  label: ReactNode;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange(value: T): void;
  id?: string;
  /** The label beside the select, not above it. */
  inline?: boolean;
}

/** A compact labelled select for toolbars (filters, page size). */
export function AdminSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
  id,
  inline = false,
}: AdminSelectProps<T>) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <FieldRoot $grow={false} $inline={inline}>
      <label htmlFor={selectId}>{label}</label>
      <Select
        id={selectId}
        value={String(value)}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Select>
    </FieldRoot>
  );
}

export interface AdminDialogProps {
  open: boolean;
  title: ReactNode;
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
 * A confirmation or a small form in a modal: its content is a form, so that Enter in a field
 * confirms; the caller validates in `onConfirm`.
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
        {error ? <Alert role="alert">{error}</Alert> : null}
      </DialogForm>
    </Modal>
  );
}

export interface ShownOnceProps {
  /** What it is ("New password of sp482913"). */
  label: ReactNode;
  value: string;
}

/** A secret the server shows once (a password): written left to right, with a copy button and a warning. */
export function ShownOnce({ label, value }: ShownOnceProps) {
  const { t } = useTranslation('admin');
  return (
    <Secret>
      <strong>{label}</strong>
      <code>
        <Ltr>{value}</Ltr>
      </code>
      <p>{t('common.shownOnce')}</p>
      <div>
        <CopyButton text={value} label={t('common.copy')} copiedLabel={t('common.copied')} size="sm" />
      </div>
    </Secret>
  );
}

export { Alert as AdminAlert };
