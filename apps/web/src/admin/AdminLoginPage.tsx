import { useState, type ReactNode } from 'react';
import { isTransportError, useAdminLoginMutation } from '@separ/api';
import type { AdminLoginInput } from '@separ/domain';
import { AdminLoginScreen, type AdminLoginError } from '@separ/ui';
import { adminErrorCode } from './errors.ts';

/**
 * What the screen says of a refused sign-in; `otp_required` is no error but the code step.
 * `operator_locked` (423): too many wrong one-time codes, until another operator unlocks it.
 */
export function loginError(error: unknown): AdminLoginError | 'otp_required' {
  if (isTransportError(error)) return 'network';
  const code = adminErrorCode(error);
  if (code === 'otp_required' || code === 'bad_otp' || code === 'operator_locked' || code === 'throttled') return code;
  if (code === 'bad_credentials' || code === 'invalid') return 'bad_credentials';
  return 'network';
}

/** The sign-in: password, then the one-time code when the server asks for it. A success opens the console (`me`). */
export function AdminLoginPage({ languageSwitch }: { languageSwitch?: ReactNode }) {
  const [login, { isLoading }] = useAdminLoginMutation();
  const [step, setStep] = useState<'credentials' | 'otp'>('credentials');
  const [error, setError] = useState<AdminLoginError | null>(null);
  const submit = async (input: AdminLoginInput) => {
    setError(null);
    const result = await login(input);
    if (!('error' in result) || result.error === undefined) return;
    const failure = loginError(result.error);
    if (failure === 'otp_required') setStep('otp');
    else setError(failure);
  };
  return (
    <AdminLoginScreen
      step={step}
      error={error}
      submitting={isLoading}
      onSubmit={(input) => void submit(input)}
      onBack={() => {
        setError(null);
        setStep('credentials');
      }}
      languageSwitch={languageSwitch}
    />
  );
}
