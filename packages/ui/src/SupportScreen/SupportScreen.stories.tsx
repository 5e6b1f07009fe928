import type { Meta, StoryObj } from '@storybook/react-vite';
import { InShell } from '../SiteShell/storyShell';
import { SupportScreen } from './SupportScreen';

function Demo() {
  return (
    <InShell>
      <SupportScreen />
    </InShell>
  );
}

const meta = { title: 'Screens/Support', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Default: Story = {};
export const Mobile: Story = { parameters: { mobile: true } };
