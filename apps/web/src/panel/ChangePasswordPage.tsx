import { useState } from 'react';
import {
  maxPasswordLength,
  PASSWORD_CHANGE_MESSAGES,
  validatePasswordChange,
  type PasswordChangeError,
} from '@separ/domain';
import { isTransportError, useChangePasswordMutation, useGetAccountQuery } from '@separ/api';
import { ChangePasswordScreen, type ChangePasswordMessage } from '@separ/ui';

type Field = 'current' | 'next' | 'confirm';

/** The backend answers in English (SPEC §5, §8); the texts it is known to send are shown in the visitor's language. */
function fromServer(message: string): ChangePasswordMessage {
  if (message === 'Current password is incorrect') return { type: 'error', failure: 'currentIncorrect' };
  const tooLong = /^New password must be at most (\d+) characters$/.exec(message);
  if (tooLong) return { type: 'error', tooLong: Number(tooLong[1]) };
  const rule = (Object.keys(PASSWORD_CHANGE_MESSAGES) as PasswordChangeError[]).find(
    (key) => PASSWORD_CHANGE_MESSAGES[key] === message,
  );
  if (rule) return { type: 'error', rule };
  return message ? { type: 'error', server: message } : { type: 'error', failure: 'failed' };
}

/** Change password: the rules of SPEC §5 first, then the server's answer; on success the fields clear. */
export function ChangePasswordPage() {
  const { data: account } = useGetAccountQuery();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [fields, setFields] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [message, setMessage] = useState<ChangePasswordMessage | null>(null);

  async function submit() {
    if (isLoading) return;
    const rule = validatePasswordChange(fields);
    if (rule) {
      setMessage({ type: 'error', rule });
      return;
    }
    // username-password is the account's V2Ray id: at most 30 bytes (CONTRACTS §5).
    const max = account ? maxPasswordLength(account.username) : Infinity;
    if (fields.next.length > max) {
      setMessage({ type: 'error', tooLong: max });
      return;
    }
    setMessage(null);
    const result = await changePassword({ current: fields.current, next: fields.next });
    if (result.error) {
      setMessage({ type: 'error', failure: isTransportError(result.error) ? 'network' : 'failed' });
      return;
    }
    if (!result.data.ok) {
      setMessage(fromServer(result.data.message));
      return;
    }
    setFields({ current: '', next: '', confirm: '' });
    setMessage({ type: 'success' });
  }

  return (
    <ChangePasswordScreen
      {...fields}
      onChange={(field, value) => setFields((previous) => ({ ...previous, [field]: value }))}
      submitting={isLoading}
      message={message}
      ios={account?.ios ?? 0}
      onSubmit={() => void submit()}
    />
  );
}
