import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import { ErrorText, Field, Hint, Input, InputWrap, Label, Toggle } from './FormField.styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  hint?: ReactNode;
}

/** A labelled text input with hint and error text wired to it for assistive technology. */
export function TextField({ label, value, onChange, error, hint, id, ...rest }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <InputWrap>
        <Input
          id={inputId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          $invalid={Boolean(error)}
          $withButton={false}
          {...rest}
        />
      </InputWrap>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </Field>
  );
}

/** A password input with a show/hide toggle; the value is always written left to right. */
export function PasswordField({ label, value, onChange, error, hint, id, ...rest }: TextFieldProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <InputWrap>
        <Input
          id={inputId}
          type={visible ? 'text' : 'password'}
          dir="ltr"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
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
          aria-controls={inputId}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
        </Toggle>
      </InputWrap>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </Field>
  );
}
