import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  ADMIN_COUPON_PLANS,
  ADMIN_COUPONS,
  ADMIN_COUPONS_NOW,
  ADMIN_GIFT_BATCH,
} from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminCouponsScreen } from './AdminCouponsScreen';

/** How the container rejects a refused call: the admin API's code, read by the screen (never its message). */
const refused = (status: number, code: string, message: string) => () =>
  Promise.reject({ status, data: { code, message } });

/** A page tall enough for the add dialog with its errors: the screenshot takes the story's own box. */
const tall: Decorator = (Story) => <div style={{ minBlockSize: 1100 }}>{Story()}</div>;

const meta = {
  title: 'Admin/Coupons',
  component: AdminCouponsScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    coupons: ADMIN_COUPONS,
    plans: ADMIN_COUPON_PLANS,
    now: ADMIN_COUPONS_NOW,
    onRetry: fn(),
    onAdd: fn(async () => undefined),
    onDisable: fn(async () => undefined),
    onAddGifts: fn(async () => ADMIN_GIFT_BATCH),
  },
} satisfies Meta<typeof AdminCouponsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every state: not started, active, expired, used up and disabled, with their limits and uses. */
export const Loaded: Story = {};
export const Loading: Story = { args: { status: 'loading', coupons: null } };
export const Empty: Story = { args: { coupons: [] } };
export const Error: Story = { args: { status: 'error', coupons: null } };
export const Mobile: Story = { parameters: { mobile: true } };

export const AddDialog: Story = { decorators: [tall], args: { initial: { adding: true } } };
/** What was typed, and what is wrong with it, field by field. */
export const AddWithErrors: Story = {
  decorators: [tall],
  args: {
    initial: {
      adding: true,
      form: { code: 'تخفیف', kind: 'amount', value: '۰', maxUses: '۱٫۵', from: '2026-12-10', until: '2026-12-01' },
      errors: { code: 'codeShape', value: 'amountRange', maxUses: 'wholeNumber', until: 'untilBeforeFrom' },
    },
  },
};
/** The whole dialog filled in, sending: the button spins and both are locked. */
export const Adding: Story = {
  decorators: [tall],
  args: {
    initial: {
      adding: true,
      busy: true,
      form: {
        code: 'YALDA1405',
        kind: 'percent',
        value: '۲۵',
        maxUses: '۱۰۰۰',
        perUser: '۱',
        firstPurchase: true,
        plans: [1, 3],
        from: '2026-12-21',
        until: '2026-12-22',
      },
    },
  },
};
/** The code exists already (409 `conflict`), said in the dialog. */
export const AddRefusedDuplicate: Story = {
  decorators: [tall],
  args: { initial: { adding: true, form: { code: 'WELCOME', value: '10' }, failure: 'conflict' } },
};
/** The server refused the code (400 `invalid`: a plan gone meanwhile, say). */
export const AddRefusedInvalid: Story = {
  decorators: [tall],
  args: { initial: { adding: true, form: { code: 'SPRING', value: '10', plans: [4] }, failure: 'invalid' } },
};
export const ConfirmDisable: Story = { decorators: [tall], args: { initial: { disabling: 'NOWRUZ' } } };
export const Disabling: Story = { decorators: [tall], args: { initial: { disabling: 'NOWRUZ', busy: true } } };

export const GiftsDialog: Story = { decorators: [tall], args: { initial: { gifts: true } } };
export const GiftsWithErrors: Story = {
  decorators: [tall],
  args: {
    initial: {
      gifts: true,
      giftForm: { amount: '', count: '۵۰۰۰', until: 'فردا' },
      giftErrors: { amount: 'valueRequired', count: 'countRange', until: 'dateShape' },
    },
  },
};
/** The codes, this once: a warning that they are not shown again, and a button copying them all. */
export const GiftsIssued: Story = { decorators: [tall], args: { initial: { issued: ADMIN_GIFT_BATCH } } };
export const GiftsIssuedMobile: Story = {
  decorators: [tall],
  parameters: { mobile: true },
  args: { initial: { issued: { ...ADMIN_GIFT_BATCH, expiresAt: null, codes: ADMIN_GIFT_BATCH.codes.slice(0, 1) } } },
};

/** Adding checks every field, then sends the code upper-cased with the limits given. */
export const AddValidatesAndSends: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getAllByRole('button')[0]!);
    const dialog = within(await within(document.body).findByRole('dialog'));
    const [code, value, maxUses, perUser, from, until] = dialog.getAllByRole('textbox');
    const add = dialog.getAllByRole('button').at(-1)!;
    await userEvent.type(code!, 'x');
    await userEvent.click(add);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.clear(code!);
    await userEvent.type(code!, 'spring-05');
    await userEvent.selectOptions(dialog.getByRole('combobox'), 'amount');
    await userEvent.type(value!, '۳۰٬۰۰۰');
    await userEvent.type(maxUses!, '100');
    await userEvent.type(perUser!, '۱');
    await userEvent.type(from!, '2027-03-20');
    await userEvent.type(until!, '2027-04-02');
    const checks = dialog.getAllByRole('checkbox');
    await userEvent.click(checks[0]!);
    await userEvent.click(checks[2]!);
    await userEvent.click(add);
    await waitFor(() =>
      expect(args.onAdd).toHaveBeenCalledWith({
        code: 'SPRING-05',
        amount: 30_000,
        maxUses: 100,
        perUser: 1,
        firstPurchase: true,
        plans: [2],
        from: '2027-03-20',
        until: '2027-04-02',
      }),
    );
    await waitFor(() => expect(document.body.querySelector('dialog[open]')).toBeNull());
  },
};

/** A refusal is read by its code: the server's English never shows. */
export const AddRefusedByCode: Story = {
  parameters: { screenshot: false },
  args: {
    onAdd: fn(refused(409, 'conflict', 'A code WELCOME exists already.')),
    initial: { adding: true, form: { code: 'welcome', value: '10' } },
  },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onAdd).toHaveBeenCalled());
    await expect(await dialog.findByRole('alert')).not.toHaveTextContent('WELCOME exists');
  },
};

/** Disabling asks first; a disabled code has no button. */
export const DisableAsksFirst: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const rows = within(canvasElement).getAllByRole('row');
    const launch = rows.find((row) => row.textContent?.includes('LAUNCH'))!;
    await expect(within(launch).queryByRole('button')).toBeNull();
    const nowruz = rows.find((row) => row.textContent?.includes('NOWRUZ'))!;
    await userEvent.click(within(nowruz).getByRole('button'));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(args.onDisable).not.toHaveBeenCalled();
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onDisable).toHaveBeenCalledWith('NOWRUZ'));
  },
};

/** Gift codes: checked, sent, then shown once with a copy-all button; closing them leaves them gone. */
export const GiftsIssueAndShowOnce: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getAllByRole('button')[1]!);
    let dialog = within(await within(document.body).findByRole('dialog'));
    const [amount, count] = dialog.getAllByRole('textbox');
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAddGifts).not.toHaveBeenCalled();
    await userEvent.type(amount!, '۱۰۰۰۰۰');
    await userEvent.clear(count!);
    await userEvent.type(count!, '4');
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onAddGifts).toHaveBeenCalledWith({ amount: 100_000, count: 4, until: null }));
    dialog = within(await within(document.body).findByRole('dialog'));
    await waitFor(() => expect(dialog.getAllByRole('listitem')).toHaveLength(4));
    await expect(dialog.getByText('G-7KQ2-M9XD-4HRT-W8PZ')).toBeVisible();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(within(document.body).queryByText('G-7KQ2-M9XD-4HRT-W8PZ')).toBeNull());
  },
};
