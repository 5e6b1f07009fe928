import type { Meta, StoryObj } from '@storybook/react-vite';
import { InShell } from '../SiteShell/storyShell';
import { LegalScreen, type LegalScreenProps } from './LegalScreen';

function Demo(props: LegalScreenProps) {
  return (
    <InShell>
      <LegalScreen {...props} />
    </InShell>
  );
}

const meta = { title: 'Screens/Legal', component: Demo, args: { page: 'privacy' } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;
export const PrivacyPolicy: Story = {};
export const TermsOfUse: Story = { args: { page: 'terms' } };
export const CookiePolicy: Story = { args: { page: 'cookies' } };
export const CookiePolicyMobile: Story = { args: { page: 'cookies' }, parameters: { mobile: true } };
