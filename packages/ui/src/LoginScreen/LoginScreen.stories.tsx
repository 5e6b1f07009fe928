import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { InShell } from '../SiteShell/storyShell';
import { LoginScreen, type LoginScreenProps } from './LoginScreen';

function Demo(props: LoginScreenProps) {
  return (
    <InShell>
      <LoginScreen {...props} />
    </InShell>
  );
}

const meta = {
  title: 'Screens/Login',
  component: Demo,
  args: {
    username: '',
    password: '',
    onUsernameChange: fn(),
    onPasswordChange: fn(),
    submitting: false,
    onSubmit: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const MissingCredentials: Story = { args: { error: 'missingCredentials' } };
export const InvalidCredentials: Story = { args: { username: 'sp482913', password: 'wrong-pass', error: 'invalid' } };
export const NetworkError: Story = { args: { username: 'sp482913', password: 'secret', error: 'network' } };
/** Too many attempts (429). */
export const Throttled: Story = { args: { username: 'sp482913', password: 'wrong-pass', error: 'throttled' } };
/** The server's password checks are all busy (503): try again in a moment. */
export const Busy: Story = { args: { username: 'sp482913', password: 'secret', error: 'busy' } };
export const Submitting: Story = { args: { username: 'sp482913', password: 'secret', submitting: true } };
export const Mobile: Story = { parameters: { mobile: true } };
