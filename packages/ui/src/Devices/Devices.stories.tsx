import type { Meta, StoryObj } from '@storybook/react-vite';
import { Devices } from './Devices';

const meta = { title: 'Sections/Devices', component: Devices } satisfies Meta<typeof Devices>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Desktop: Story = {};
export const Mobile: Story = { parameters: { mobile: true } };
