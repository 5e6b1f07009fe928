import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import { ErrorText, Field, Hint, Input, InputWrap, Label, Toggle } from './FormField.styles';

/** The ids that tie a field's input to its hint and error text. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

/** The error (first, so it is read first) and the hint under a field. */
export function FieldMessages({
  ids,
  error,
  hint,
}: {
  ids: ReturnType<typeof useFieldIds>;
  error: ReactNode;
  hint: ReactNode;
}) {
  return (
    <>
      {error ? <ErrorText id={ids.errorId}>{error}</ErrorText> : null}
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
    </>
  );
}

/** A text control's ties to its field: its id, value and change, and its invalid and described-by states. */
export function useTextControl(
  id: string | undefined,
  value: string,
  onChange: (value: string) => void,
  error: ReactNode,
  hint: ReactNode,
) {
  const ids = useFieldIds(id, hint, error);
  const control = {
    id: ids.inputId,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
  };
  return { ids, control };
}

/** A field's frame: its label over the control, then the error and the hint. */
export function LabelledField({
  ids,
  label,
  error,
  hint,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  error: ReactNode;
  hint: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field>
      <Label htmlFor={ids.inputId}>{label}</Label>
      {children}
      <FieldMessages ids={ids} error={error} hint={hint} />
    </Field>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled text input with hint and error text wired to it for assistive technology. */
export function TextField({ label, value, onChange, error, hint, id, ...rest }: TextFieldProps) {
  const { ids, control } = useTextControl(id, value, onChange, error, hint);
  return (
    <LabelledField ids={ids} label={label} error={error} hint={hint}>
      <InputWrap>
        <Input {...control} $invalid={Boolean(error)} $withButton={false} {...rest} />
      </InputWrap>
    </LabelledField>
  );
}

/** A password input with a show/hide toggle; the value is always written left to right. */
export function PasswordField({ label, value, onChange, error, hint, id, ...rest }: TextFieldProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const { ids, control } = useTextControl(id, value, onChange, error, hint);
  return (
    <LabelledField ids={ids} label={label} error={error} hint={hint}>
      <InputWrap>
        <Input
          {...control}
          type={visible ? 'text' : 'password'}
          dir="ltr"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          $invalid={Boolean(error)}
          $withButton
          {...rest}
        />
        <Toggle
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('actions.hidePassword') : t('actions.showPassword')}
          aria-pressed={visible}
          aria-controls={ids.inputId}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
        </Toggle>
      </InputWrap>
    </LabelledField>
  );
}
