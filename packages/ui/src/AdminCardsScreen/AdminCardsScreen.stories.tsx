import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ADMIN_CARDS } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminCardsScreen } from './AdminCardsScreen';

/** How the container rejects a refused call: the admin API's code, read by the screen (never its message). */
const refused = (status: number, code: string, message: string) => () =>
  Promise.reject({ status, data: { code, message } });

/** A page tall enough for the add dialog with its errors: the screenshot takes the story's own box. */
const tall: Decorator = (Story) => <div style={{ minBlockSize: 900 }}>{Story()}</div>;

const meta = {
  title: 'Admin/Cards',
  component: AdminCardsScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    cards: ADMIN_CARDS,
    onRetry: fn(),
    onAdd: fn(async () => undefined),
    onSetEnabled: fn(async () => undefined),
    onRemove: fn(async () => undefined),
  },
} satisfies Meta<typeof AdminCardsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { status: 'loading', cards: null } };
export const Empty: Story = { args: { cards: [] } };
export const Error: Story = { args: { status: 'error', cards: null } };
export const Mobile: Story = { parameters: { mobile: true } };
/** A card being disabled: its button spins, the others wait. */
export const Toggling: Story = { args: { initial: { toggling: 1 } } };

export const AddDialog: Story = { decorators: [tall], args: { initial: { adding: true } } };
/** What was typed, and what is wrong with it, field by field. */
export const AddWithErrors: Story = {
  decorators: [tall],
  args: {
    initial: {
      adding: true,
      form: { number: '۶۰۳۷ ۹۹۷۵ ۱۲۳۴ ۵۶۷۱', holder: '', bank: 'ملی' },
      errors: { number: 'numberCheck', holder: 'holderRequired' },
    },
  },
};
/** The card is in the pool already (409 `conflict`), said in the dialog. */
export const AddConflict: Story = {
  decorators: [tall],
  args: {
    initial: {
      adding: true,
      form: { number: '6037 9975 1234 5670', holder: 'مریم کاظمی', bank: '' },
      failure: 'conflict',
    },
  },
};
export const ConfirmRemove: Story = { decorators: [tall], args: { initial: { removing: 1 } } };
export const ConfirmRemoveNoOpenOrders: Story = { decorators: [tall], args: { initial: { removing: 3 } } };

/** Adding checks the number (Persian digits and spaces accepted, 16 digits, Luhn) and the holder, then sends them. */
export const AddValidatesAndSends: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getAllByRole('button')[0]!);
    const dialog = within(await within(document.body).findByRole('dialog'));
    const [number, holder, bank] = dialog.getAllByRole('textbox');
    const add = dialog.getAllByRole('button').at(-1)!;
    await userEvent.type(number!, '6037 9975 1234 567');
    await userEvent.click(add);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(holder).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.clear(number!);
    await userEvent.type(number!, '۶۲۷۴ ۱۲۰۰ ۹۹۸۸ ۷۷۶۴');
    await userEvent.type(holder!, ' Sahar Amini ');
    await expect(bank).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(add);
    await waitFor(() =>
      expect(args.onAdd).toHaveBeenCalledWith({ number: '۶۲۷۴ ۱۲۰۰ ۹۹۸۸ ۷۷۶۴', holder: 'Sahar Amini' }),
    );
    await waitFor(() => expect(document.body.querySelector('dialog[open]')).toBeNull());
  },
};

/** A refusal is read by its code: the server's English never shows. */
export const AddRefusedByCode: Story = {
  parameters: { screenshot: false },
  args: {
    onAdd: fn(refused(409, 'conflict', 'Card 6037 9975 1234 5670 is in the pool already (card 1).')),
    initial: { adding: true, form: { number: '6037997512345670', holder: 'x' } },
  },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onAdd).toHaveBeenCalled());
    await expect(await dialog.findByRole('alert')).not.toHaveTextContent('in the pool');
  },
};

/** Disabling sends at once; removing asks first. */
export const DisableAndRemove: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const rows = within(canvasElement).getAllByRole('row');
    const first = rows.find((row) => row.textContent?.includes('مریم'))!;
    const [toggle, remove] = within(first).getAllByRole('button');
    await userEvent.click(toggle!);
    await waitFor(() => expect(args.onSetEnabled).toHaveBeenCalledWith(1, false));
    const third = rows.find((row) => row.textContent?.includes('علی'))!;
    await userEvent.click(within(third).getAllByRole('button')[0]!);
    await waitFor(() => expect(args.onSetEnabled).toHaveBeenCalledWith(3, true));
    await userEvent.click(remove!);
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(args.onRemove).not.toHaveBeenCalled();
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onRemove).toHaveBeenCalledWith(1));
  },
};
