/**
 * The pieces every console screen shares: the page title, the panels, the form controls that
 * FormField has no counterpart of (select, check box, text area), notices, a confirmation dialog
 * and a table's loading skeleton.
 */
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Button } from '../Button';
import { ErrorText, Field, Hint, Label } from '../FormField/FormField.styles';
import { Icon, type IconName } from '../icons';
import { VisuallyHidden } from '../Layout';
import { Modal } from '../Modal';
import { Skeleton } from '../Skeleton';
import { media } from '../theme';

const TitleRow = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  margin-block-end: ${({ theme }) => theme.space(6)};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 800;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TitleActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

export interface AdminPageTitleProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons at the title's end (e.g. New plan). */
  actions?: ReactNode;
}

/** A console page's heading, what it is for, and its main actions. */
export function AdminPageTitle({ title, subtitle, actions }: AdminPageTitleProps) {
  return (
    <TitleRow>
      <div>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {actions ? <TitleActions>{actions}</TitleActions> : null}
    </TitleRow>
  );
}

/** A white panel of the console. */
export const AdminPanel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(4)};
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(4)};
  min-inline-size: 0;
  ${media.md} {
    padding: ${({ theme }) => theme.space(6)};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
`;

/** Form fields in one column, two from 768 px; `$wide` children span both. */
export const FormGrid = styled.div`
  display: grid;
  align-items: start;
  gap: ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > [data-wide] {
      grid-column: 1 / -1;
    }
  }
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Buttons side by side in a table cell. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const fieldControl = `
  inline-size: 100%;
  border-radius: 10px;
  padding-inline: 16px;
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${fieldControl}
  min-block-size: 48px;
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.infoSoft};
  }
`;

const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${fieldControl}
  min-block-size: 120px;
  padding-block: 12px;
  border: 1.5px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  resize: vertical;
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.infoSoft};
  }
  &[dir='ltr'] {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

function useIds(id: string | undefined, hint: ReactNode, error: ReactNode) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

function Messages({ ids, error, hint }: { ids: ReturnType<typeof useIds>; error: ReactNode; hint: ReactNode }) {
  return (
    <>
      {error ? <ErrorText id={ids.errorId}>{error}</ErrorText> : null}
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
    </>
  );
}

export interface SelectFieldProps<T extends string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value'
> {
  label: ReactNode;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange(value: T): void;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled choice among fixed options. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
  hint,
  id,
  ...rest
}: SelectFieldProps<T>) {
  const ids = useIds(id, hint, error);
  return (
    <Field>
      <Label htmlFor={ids.inputId}>{label}</Label>
      <Select
        id={ids.inputId}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        $invalid={Boolean(error)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <Messages ids={ids} error={error} hint={hint} />
    </Field>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled multi-line input. */
export function TextAreaField({ label, value, onChange, error, hint, id, ...rest }: TextAreaFieldProps) {
  const ids = useIds(id, hint, error);
  return (
    <Field>
      <Label htmlFor={ids.inputId}>{label}</Label>
      <TextArea
        id={ids.inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        $invalid={Boolean(error)}
        {...rest}
      />
      <Messages ids={ids} error={error} hint={hint} />
    </Field>
  );
}

const CheckRow = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  min-block-size: 44px;
  input {
    inline-size: 20px;
    block-size: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  label {
    font-weight: 700;
  }
  p {
    grid-column: 2;
  }
`;

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ReactNode;
  id?: string;
  disabled?: boolean;
}

/** A labelled check box (on/off settings). */
export function CheckboxField({ label, checked, onChange, hint, id, disabled }: CheckboxFieldProps) {
  const ids = useIds(id, hint, null);
  return (
    <CheckRow>
      <input
        id={ids.inputId}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={ids.describedBy}
      />
      <label htmlFor={ids.inputId}>{label}</label>
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
    </CheckRow>
  );
}

export type NoticeTone = 'error' | 'success' | 'warning' | 'info';

const NoticeRoot = styled.p<{ $tone: NoticeTone }>`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  ${({ theme, $tone }) => {
    const c = theme.colors;
    const [bg, fg] = {
      error: [c.dangerSoft, c.danger],
      success: [c.successSoft, c.success],
      warning: [c.warningSoft, c.warning],
      info: [c.infoSoft, c.info],
    }[$tone];
    return `background: ${bg}; color: ${fg};`;
  }}
  svg {
    flex-shrink: 0;
    margin-block-start: 3px;
  }
`;

const NOTICE_ICONS: Record<NoticeTone, IconName> = { error: 'alert', success: 'check', warning: 'alert', info: 'info' };

/** A message about the form or the page: errors are alerts, the rest polite status. */
export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <NoticeRoot $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={NOTICE_ICONS[tone]} size={20} />
      <span>{children}</span>
    </NoticeRoot>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before an action that cannot be taken back. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}

const SkeletonRows = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** A table's place while its rows load, announced once. */
export function TableSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <SkeletonRows aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton $height="20px" $width="40%" />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} $height="36px" />
      ))}
    </SkeletonRows>
  );
}

/** A monospace block of machine text (a token, a config file), always left to right; it scrolls, so it takes focus. */
export const CodeBlock = styled.pre.attrs({ dir: 'ltr', tabIndex: 0 })`
  text-align: start;
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  max-block-size: 220px;
  overflow: auto;
  white-space: pre;
`;

/**
 * Why an action failed, as the container knows it: no answer (`network`), the server's codes
 * `invalid`, `conflict` and `not_found`, anything else (`failed`), or the server's own words.
 */
export type AdminActionError = 'network' | 'invalid' | 'conflict' | 'not_found' | 'failed' | { message: string };

/** The words for an action's failure. */
export function actionErrorText(error: AdminActionError, t: (key: string) => string): string {
  return typeof error === 'object' ? error.message : t(`admin:errors.${error}`);
}
