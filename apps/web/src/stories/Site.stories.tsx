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

/** The wallet of a signed-in account (CONTRACTS §10): its balance, the top-up and the entries. */
export const Wallet: Story = {
  args: { path: '/panel/wallet' },
  parameters: { msw: createMockBackend({ loggedIn: true, cookies: noCookies }).handlers },
  beforeEach: Devices.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', {}, { timeout: 15000 })).toBeVisible();
    await expect(await canvas.findByRole('radio', { name: /(IranDargah|ایران‌درگاه)/ })).toBeChecked();
  },
};

/** The shop's address in the links the stories show (not the test server's, whose port varies). */
const STORY_ORIGIN = 'https://separ.example';

/** The panel's Connect page: the subscription link, its QR code and the apps. */
export const Connect: Story = {
  args: { path: '/panel/connect' },
  parameters: { msw: createMockBackend({ loggedIn: true, cookies: noCookies, origin: STORY_ORIGIN }).handlers },
  beforeEach: Devices.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const qr = await canvas.findByRole('img', { name: /QR/ }, { timeout: 15000 });
    await expect(qr.getAttribute('data-qr')).toMatch(/\/sub\/[A-Za-z0-9_-]{16,}$/);
    // The link names come with the subscription's own answer, after the account's: waited for.
    const names = await canvas.findByRole('region', { name: /Connections in this subscription|اتصال‌های این اشتراک/ });
    await expect(within(names).getByText('DE1-WS')).toBeVisible();
  },
};

/** The subscription link opened in a browser, without a session. */
export const SubscriptionPage: Story = {
  args: { path: `/sub/${createMockBackend().state.subToken}` },
  parameters: { msw: createMockBackend({ origin: STORY_ORIGIN }).handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const qr = await canvas.findByRole('img', { name: /QR/ }, { timeout: 15000 });
    await expect(qr).toBeVisible();
    await expect(qr.getAttribute('data-qr')).toBe(`${STORY_ORIGIN}/sub/${createMockBackend().state.subToken}`);
    // Each link the apps get, by its remark (the mock names them as the backend does).
    const names = await canvas.findByRole('region', { name: /Connections in this subscription|اتصال‌های این اشتراک/ });
    await expect(within(names).getAllByRole('listitem')).toHaveLength(14);
  },
};

/** A replaced (or unknown) subscription link. */
export const SubscriptionGone: Story = {
  args: { path: '/sub/AnOldTokenThatWasReplaced' },
  parameters: { msw: createMockBackend().handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: /^(Log in|ورود به حساب)$/ }, { timeout: 15000 }),
    ).toBeVisible();
  },
};
