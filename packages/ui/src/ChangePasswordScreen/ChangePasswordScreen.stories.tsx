import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { InPanel } from '../PanelLayout/storyPanel';
import { ChangePasswordScreen, type ChangePasswordScreenProps } from './ChangePasswordScreen';

function Demo(props: ChangePasswordScreenProps) {
  return (
    <InPanel active="changePassword" ios={props.ios}>
      <ChangePasswordScreen {...props} />
    </InPanel>
  );
}

const meta = {
  title: 'Screens/ChangePassword',
  component: Demo,
  args: {
    current: '',
    next: '',
    confirm: '',
    onChange: fn(),
    submitting: false,
    message: null,
    ios: 0,
    onSubmit: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const AllFieldsRequired: Story = {
  args: { current: 'old', message: { type: 'error', rule: 'allFieldsRequired' } },
};
export const Mismatch: Story = {
  args: { current: 'oldPass1', next: 'newPass2', confirm: 'newPass3', message: { type: 'error', rule: 'mismatch' } },
};
export const SameAsCurrent: Story = { args: { message: { type: 'error', rule: 'sameAsCurrent' } } };
export const TooShort: Story = { args: { message: { type: 'error', rule: 'tooShort' } } };
/** Longer than 64 characters (CONTRACTS §15), whatever the username. */
export const TooLong: Story = { args: { message: { type: 'error', tooLong: 64 } } };
export const InvalidCharacters: Story = { args: { message: { type: 'error', rule: 'invalidCharacters' } } };
export const CurrentIncorrect: Story = { args: { message: { type: 'error', failure: 'currentIncorrect' } } };
/** The server found the new password on its list of common passwords (code `passwordTooCommon`, CONTRACTS §15). */
export const TooCommon: Story = {
  args: {
    current: 'oldPass1',
    next: 'qwerty123',
    confirm: 'qwerty123',
    message: { type: 'error', failure: 'tooCommon' },
  },
};
/** Any other answer of the server is shown as it came. */
export const ServerMessage: Story = {
  args: { message: { type: 'error', server: 'Too many attempts. Please wait and try again.' } },
};
export const NetworkError: Story = { args: { message: { type: 'error', failure: 'network' } } };
export const Updating: Story = {
  args: { current: 'oldPass1', next: 'newPass22', confirm: 'newPass22', submitting: true },
};
/**
 * The change replaced the subscription link and the connection links and signed the other devices
 * out (CONTRACTS §15): the page says so, with the way to the new link.
 */
export const Success: Story = { args: { message: { type: 'success' } } };
/** iOS accounts get the hint about the new connection links. */
export const SuccessIos: Story = { args: { message: { type: 'success' }, ios: 1 } };
export const Mobile: Story = { args: { message: { type: 'success' }, ios: 1 }, parameters: { mobile: true } };
