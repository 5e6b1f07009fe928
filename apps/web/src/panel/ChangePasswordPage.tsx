import { useState } from 'react';
import {
  isPasswordChangeRefusal,
  maxPasswordLength,
  validatePasswordChange,
  type ErrorCode,
  type PasswordChangeRefusal,
} from '@separ/domain';
import { isTransportError, useChangePasswordMutation, useGetAccountQuery } from '@separ/api';
import { ChangePasswordScreen, type ChangePasswordMessage } from '@separ/ui';

type Field = 'current' | 'next' | 'confirm';

/** A refusal the server named by its `code` (CONTRACTS §15), in the visitor's language. */
function fromCode(code: PasswordChangeRefusal): ChangePasswordMessage {
  switch (code) {
    case 'passwordTooCommon':
      return { type: 'error', failure: 'tooCommon' };
    case 'currentIncorrect':
      return { type: 'error', failure: 'currentIncorrect' };
    case 'tooLong':
      return { type: 'error', tooLong: maxPasswordLength() };
    default:
      return { type: 'error', rule: code };
  }
}

/**
 * The backend answers `{ ok: false, message, code }`: the code when it is a refusal the page
 * knows; else the server's message as it came (it named something the page has no words for).
 * Never the message's text compared: the code is the contract (CONTRACTS §15, issue #29).
 */
function fromServer(message: string, code?: ErrorCode): ChangePasswordMessage {
  if (isPasswordChangeRefusal(code)) return fromCode(code);
  return message ? { type: 'error', server: message } : { type: 'error', failure: 'failed' };
}

/**
 * Change password: the rules of SPEC §5 first, then the server's answer; on success the fields clear
 * and the account is fetched again (the mutation invalidates it), so that the panel shows the new
 * subscription link the change made (CONTRACTS §15).
 */
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
    const max = maxPasswordLength();
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
      setMessage(fromServer(result.data.message, result.data.code));
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
