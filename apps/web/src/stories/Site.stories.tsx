import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { createMockBackend, failure } from '@separ/api/mocks';
import { SiteStory } from './SiteStory.tsx';

const noCookies = { set: () => undefined, remove: () => undefined };

const meta = {
  title: 'Site/Pages on the mock backend',
  component: SiteStory,
  args: { path: '/' },
  parameters: { msw: [] },
} satisfies Meta<typeof SiteStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The catalogue as RTK Query loads it from the handlers. */
export const Plans: Story = {
  args: { path: '/buy' },
  parameters: { msw: createMockBackend().handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('یک ماهه ۵۰ گیگ', {}, { timeout: 15000 })).toBeVisible();
  },
};

/** The plans service fails: the catalogue's error with its retry. */
export const PlansFail: Story = {
  args: { path: '/buy' },
  parameters: { msw: [failure('plans', 'http500'), ...createMockBackend().handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, { timeout: 15000 })).toBeVisible();
  },
};

/** The devices page of a signed-in account. */
export const Devices: Story = {
  args: { path: '/panel/devices' },
  parameters: { msw: createMockBackend({ loggedIn: true, cookies: noCookies }).handlers },
  // A signed-in visitor: the readable session cookie, for as long as the story runs.
  beforeEach: () => {
    document.cookie = 'jwtUserUsername=demo; path=/';
    return () => {
      document.cookie = 'jwtUserUsername=; path=/; max-age=0';
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', {}, { timeout: 15000 })).toBeVisible();
  },
};
