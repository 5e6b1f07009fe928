import type { Meta, StoryObj } from '@storybook/react-vite';
import { Faq } from './Faq';

const meta = { title: 'Sections/Faq', component: Faq } satisfies Meta<typeof Faq>;
export default meta;
export const Collapsed: StoryObj<typeof meta> = {};
