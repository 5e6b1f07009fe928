import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stats } from './Stats';

const meta = { title: 'Sections/Stats', component: Stats } satisfies Meta<typeof Stats>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Desktop: Story = {};
export const Mobile: Story = { parameters: { mobile: true } };
