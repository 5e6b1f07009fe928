import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField, TextField } from './FormField';

function Demo({ withErrors = false }: { withErrors?: boolean }) {
  const { t } = useTranslation(['payment', 'auth', 'errors']);
  const [email, setEmail] = useState(withErrors ? 'not-an-email' : '');
  const [password, setPassword] = useState('Secret123');
  return (
    <div style={{ display: 'grid', gap: 20, padding: 24, maxWidth: 420 }}>
      <TextField
        label={t('email.label')}
        type="email"
        dir="ltr"
        placeholder={t('email.placeholder')}
        value={email}
        onChange={setEmail}
        hint={t('email.hint')}
        error={withErrors ? t('errors:validation.invalidEmail') : undefined}
      />
      <PasswordField
        label={t('auth:login.password')}
        value={password}
        onChange={setPassword}
        error={withErrors ? t('errors:validation.tooShort') : undefined}
      />
    </div>
  );
}

const meta = { title: 'Components/FormField', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithErrors: Story = { args: { withErrors: true } };

/** The toggle shows and hides the password. */
export const PasswordToggle: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector('input[type="password"]') as HTMLInputElement;
    const toggle = canvas.getByRole('button');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute('type', 'password');
  },
};
