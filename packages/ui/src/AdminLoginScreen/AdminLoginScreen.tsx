import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLatinDigits, type AdminLoginInput } from '@separ/domain';
import { AdminNotice } from '../AdminNotice';
import { Button } from '../Button';
import { PasswordField, TextField } from '../FormField';
import { Icon } from '../icons';
import { Ltr } from '../Layout';
import { Center, CodeInput, Command, Form, Head, Page, Panel, Top } from './AdminLoginScreen.styles';

/**
 * What went wrong: `bad_credentials`, `bad_otp`, `operator_locked` and `throttled` are the server's
 * codes (401, 401, 423, 429); `network` is no answer at all. The screen itself says when a field is
 * empty or the code is not six digits.
 */
export type AdminLoginError = 'bad_credentials' | 'bad_otp' | 'operator_locked' | 'throttled' | 'network';

export interface AdminLoginScreenProps {
  /** `otp` once the server answered `otp_required`: the password was right, the code is asked. */
  step: 'credentials' | 'otp';
  error?: AdminLoginError | null;
  submitting: boolean;
  /** The username, password and, at the code step, the code (Latin digits). */
  onSubmit(input: AdminLoginInput): void;
  /** From the code step back to the password (the container sets `step` to `credentials`). */
  onBack(): void;
  /** The language switch, above the form. */
  languageSwitch?: ReactNode;
  /** The username the form starts with (stories). */
  defaultUsername?: string;
}

/** Six digits, as typed in either script; spaces ignored. */
export function normalizeOtp(text: string): string {
  return toLatinDigits(text).replace(/\s+/g, '');
}

export const OTP_PATTERN = /^\d{6}$/;

/** The server's command that lifts an operator's lock (a command, not translated). */
export function unlockCommand(username: string): string {
  return `separ-admin operators unlock ${username.trim().toLowerCase()}`;
}

/** The operators' sign-in: username and password, then a one-time code when the operator turned codes on. */
export function AdminLoginScreen({
  step,
  error,
  submitting,
  onSubmit,
  onBack,
  languageSwitch,
  defaultUsername = '',
}: AdminLoginScreenProps) {
  const { t } = useTranslation('admin');
  const [username, setUsername] = useState(defaultUsername);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [local, setLocal] = useState<'missing' | 'otpFormat' | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'credentials') {
      if (!username.trim() || !password) return setLocal('missing');
      setLocal(null);
      return onSubmit({ username: username.trim(), password });
    }
    const code = normalizeOtp(otp);
    if (!OTP_PATTERN.test(code)) return setLocal('otpFormat');
    setLocal(null);
    onSubmit({ username: username.trim(), password, otp: code });
  };
  const message = local ? t(`login.errors.${local}`) : error ? t(`login.errors.${error}`) : null;
  return (
    <Page>
      <Top>{languageSwitch}</Top>
      <Center>
        <Panel>
          <Head>
            <Icon name={step === 'otp' ? 'key' : 'shieldCheck'} size={40} />
            <h1>{step === 'otp' ? t('login.otpTitle') : t('login.title')}</h1>
            <p>{step === 'otp' ? t('login.otpSubtitle') : t('login.subtitle')}</p>
            {step === 'otp' ? (
              <p>
                {t('login.account')}: <Ltr>{username}</Ltr>
              </p>
            ) : null}
          </Head>
          <Form onSubmit={submit} noValidate>
            {message ? (
              <AdminNotice tone="error">
                {message}
                {!local && error === 'operator_locked' ? (
                  // Locked by wrong one-time codes: another operator, or this command on the server, unlocks it.
                  <Command dir="ltr" translate="no">
                    {unlockCommand(username)}
                  </Command>
                ) : null}
              </AdminNotice>
            ) : null}
            {step === 'credentials' ? (
              <>
                <TextField
                  label={t('login.username')}
                  value={username}
                  onChange={setUsername}
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                  dir="ltr"
                  required
                  aria-invalid={local === 'missing' && !username.trim() ? true : undefined}
                />
                <PasswordField
                  label={t('login.password')}
                  value={password}
                  onChange={setPassword}
                  autoComplete="current-password"
                  required
                />
              </>
            ) : (
              <CodeInput>
                <TextField
                  label={t('login.otp')}
                  hint={t('login.otpHint')}
                  value={otp}
                  onChange={setOtp}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={12}
                  dir="ltr"
                  required
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the form the operator just sent: its one field takes the focus
                  autoFocus
                />
              </CodeInput>
            )}
            <Button type="submit" size="lg" fullWidth loading={submitting}>
              {submitting ? t('login.submitting') : step === 'otp' ? t('login.verify') : t('login.submit')}
            </Button>
            {step === 'otp' ? (
              <Button variant="ghost" icon="arrowBack" onClick={onBack} disabled={submitting}>
                {t('login.back')}
              </Button>
            ) : null}
          </Form>
        </Panel>
      </Center>
    </Page>
  );
}
