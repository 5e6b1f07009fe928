/**
 * The console's form fields, one component a control: input, select, text area and check box.
 * Each takes a label, its value and `onChange(value)`, an error and a hint tied to the control
 * for assistive technology. Input and select come in two sizes, as Primer's do: `md` (the
 * default) for forms, as the site's FormField; `sm` for toolbars and dialogs (a muted label, or
 * beside the control with `inline`).
 */
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { FieldMessages, LabelledField, TextField, useFieldIds, useTextControl } from '../FormField/FormField';
import { Hint } from '../FormField/FormField.styles';
import { CheckRow, Select, SmallField, SmallInput, SmallSelect, TextArea } from './AdminField.styles';

export type AdminFieldSize = 'md' | 'sm';

export interface AdminInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'size'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  hint?: ReactNode;
  size?: AdminFieldSize;
  /** `sm` only: takes the toolbar's free room (a search box). */
  grow?: boolean;
}

/** A labelled text input. */
export function AdminInput({
  label,
  value,
  onChange,
  error,
  hint,
  size = 'md',
  grow = false,
  id,
  ...rest
}: AdminInputProps) {
  const { ids, control } = useTextControl(id, value, onChange, error, hint);
  if (size === 'md')
    return <TextField label={label} value={value} onChange={onChange} error={error} hint={hint} id={id} {...rest} />;
  return (
    <SmallField $grow={grow}>
      <label htmlFor={ids.inputId}>{label}</label>
      <SmallInput {...control} {...rest} />
      <FieldMessages ids={ids} error={error} hint={hint} />
    </SmallField>
  );
}

export interface AdminSelectProps<T extends string | number> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value' | 'size'
> {
  label: ReactNode;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange(value: T): void;
  error?: ReactNode;
  hint?: ReactNode;
  size?: AdminFieldSize;
  /** `sm` only: the label beside the select, not above it (the pager's page size). */
  inline?: boolean;
}

/** A labelled choice among fixed options. */
export function AdminSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
  error,
  hint,
  size = 'md',
  inline = false,
  id,
  ...rest
}: AdminSelectProps<T>) {
  const ids = useFieldIds(id, hint, error);
  const control = {
    id: ids.inputId,
    value: String(value),
    onChange: (event: { target: { value: string } }) => {
      const picked = options.find((option) => String(option.value) === event.target.value);
      if (picked) onChange(picked.value);
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
    ...rest,
  };
  const choices = options.map((option) => (
    <option key={String(option.value)} value={String(option.value)}>
      {option.label}
    </option>
  ));
  if (size === 'sm') {
    return (
      <SmallField $grow={false} $inline={inline}>
        <label htmlFor={ids.inputId}>{label}</label>
        <SmallSelect {...control}>{choices}</SmallSelect>
        <FieldMessages ids={ids} error={error} hint={hint} />
      </SmallField>
    );
  }
  return (
    <LabelledField ids={ids} label={label} error={error} hint={hint}>
      <Select {...control} $invalid={Boolean(error)}>
        {choices}
      </Select>
    </LabelledField>
  );
}

export interface AdminTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled multi-line input (left to right and monospace with `dir="ltr"`: a key, a list). */
export function AdminTextArea({ label, value, onChange, error, hint, id, ...rest }: AdminTextAreaProps) {
  const { ids, control } = useTextControl(id, value, onChange, error, hint);
  return (
    <LabelledField ids={ids} label={label} error={error} hint={hint}>
      <TextArea {...control} $invalid={Boolean(error)} {...rest} />
    </LabelledField>
  );
}

export interface AdminCheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ReactNode;
  id?: string;
  disabled?: boolean;
}

/** A labelled check box (an on/off setting). */
export function AdminCheckbox({ label, checked, onChange, hint, id, disabled }: AdminCheckboxProps) {
  const ids = useFieldIds(id, hint, null);
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
