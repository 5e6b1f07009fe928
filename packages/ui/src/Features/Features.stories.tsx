import type { Meta, StoryObj } from '@storybook/react-vite';
import { Features } from './Features';

const meta = { title: 'Sections/Features', component: Features } satisfies Meta<typeof Features>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Desktop: Story = {};
export const Mobile: Story = { parameters: { mobile: true } };
