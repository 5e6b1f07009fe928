import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Footer } from './Footer';

const meta = {
  title: 'Components/Footer',
  component: Footer,
  args: { onToggleLanguage: fn(), year: 2026 },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Desktop: Story = {};
export const Mobile: Story = { parameters: { mobile: true } };
