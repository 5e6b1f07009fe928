import type { Meta, StoryObj } from '@storybook/react-vite';
import { InShell } from '../SiteShell/storyShell';
import { FreeScreen } from './FreeScreen';

function Demo() {
  return (
    <InShell>
      <FreeScreen />
    </InShell>
  );
}

const meta = { title: 'Screens/Free', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Default: Story = {};
export const Mobile: Story = { parameters: { mobile: true } };
