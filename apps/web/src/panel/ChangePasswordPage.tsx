import { useState } from 'react';
import { validatePasswordChange } from '@separ/domain';
import { isTransportError, useChangePasswordMutation, useGetAccountQuery } from '@separ/api';
import { ChangePasswordScreen, type ChangePasswordMessage } from '@separ/ui';

type Field = 'current' | 'next' | 'confirm';

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
    setMessage(null);
    const result = await changePassword({ current: fields.current, next: fields.next });
    if (result.error) {
      setMessage({ type: 'error', failure: isTransportError(result.error) ? 'network' : 'failed' });
      return;
    }
    if (!result.data.ok) {
      setMessage(
        result.data.message ? { type: 'error', server: result.data.message } : { type: 'error', failure: 'failed' },
      );
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
