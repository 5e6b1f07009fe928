import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InShell } from '../SiteShell/storyShell';
import { CardTransferScreen, type CardTransferScreenProps, type CardTransferView } from './CardTransferScreen';

function Demo(props: CardTransferScreenProps) {
  return (
    <InShell>
      <CardTransferScreen {...props} />
    </InShell>
  );
}

/** A card order awaiting its transfer: 42 minutes 35 seconds before its deadline. */
const transfer: CardTransferView = {
  state: 'awaiting_transfer',
  cardNumber: '6037997512345670',
  holder: 'علی رضایی',
  bank: 'بانک ملی',
  amount: 2_901_230,
  expiresAt: '2026-11-22T11:30:00.000Z',
};
const NOW = Date.parse('2026-11-22T10:47:25.000Z');

const SEND = /^(Send receipt|ارسال رسید)$/;
const TRACKING = /^(Tracking number|شمارهٔ پیگیری)/;
const PHOTO = /^(Photo of the receipt|عکس رسید)/;

const meta = {
  title: 'Screens/CardTransfer',
  component: Demo,
  args: { status: 'ready', transfer, now: NOW, onSubmitReceipt: fn(), onRetry: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The card in four groups, the exact amount in rials and tomans with copy buttons, the countdown and the form. */
export const AwaitingTransfer: Story = {};
export const AwaitingTransferMobile: Story = { parameters: { mobile: true } };
/** A card without a bank's name. */
export const NoBank: Story = { args: { transfer: { ...transfer, bank: null } }, parameters: { screenshot: false } };
/** The deadline passed while the page was open: the countdown says so until the server says expired. */
export const TimeUp: Story = { args: { now: Date.parse('2026-11-22T11:31:00.000Z') } };
/** A tracking number that is not 6 to 20 digits is refused on submit, before anything is sent. */
export const TrackingInvalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(TRACKING), '12a45');
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await expect(canvas.getByText(/(6 to 20 digits only|۶ تا ۲۰ رقم وارد کنید)/)).toBeVisible();
    await expect(args.onSubmitReceipt).not.toHaveBeenCalled();
  },
};
/** Persian digits and spaces are the same number: sent as Latin digits, with the chosen photo. */
export const SubmitsNormalised: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(TRACKING), '۷۴۰ ۰۱۲ ۳۴۵');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText(PHOTO), photo);
    await expect(canvas.getByText('receipt.png')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await expect(args.onSubmitReceipt).toHaveBeenCalledWith({ tracking: '740012345', image: photo });
  },
};
/** A photo over 2 MB is refused when chosen, and the form does not send. */
export const ImageTooLarge: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(TRACKING), '740012345678');
    const big = new File([new Uint8Array(2_097_153)], 'scan.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText(PHOTO), big);
    await expect(canvas.getByText(/(larger than 2 MB|بیشتر از ۲ مگابایت)/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: SEND }));
    await expect(args.onSubmitReceipt).not.toHaveBeenCalled();
  },
};
/** A file that is not a picture is refused when chosen. */
export const ImageWrongType: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pdf = new File(['%PDF-1.7'], 'receipt.pdf', { type: 'application/pdf' });
    await userEvent.upload(canvas.getByLabelText(PHOTO), pdf, { applyAccept: false });
    await expect(canvas.getByText(/(PNG, JPEG or WebP picture\.|از نوع PNG)/)).toBeVisible();
  },
};
/** The receipt is on its way. */
export const Sending: Story = { args: { sending: true, initialTracking: '740012345678' } };
/** 409: another order took this tracking number. */
export const TrackingUsed: Story = { args: { refusal: 'trackingUsed', initialTracking: '740012345678' } };
/** 409: another receipt had this photo. */
export const ImageUsed: Story = { args: { refusal: 'receiptImageUsed', initialTracking: '740012345678' } };
/** 409: a receipt was sent for this order already. */
export const AlreadySent: Story = { args: { refusal: 'receiptAlreadySent', initialTracking: '740012345678' } };
/** 4xx: the server did not take the file as a picture. */
export const BadFile: Story = { args: { refusal: 'invalidImage', initialTracking: '740012345678' } };
/** The receipt did not get through. */
export const NetworkRefusal: Story = { args: { refusal: 'network', initialTracking: '740012345678' } };
/** Waiting for the operator: the page moves on by itself. */
export const AwaitingReview: Story = { args: { transfer: { ...transfer, state: 'awaiting_review' } } };
export const AwaitingReviewMobile: Story = {
  args: { transfer: { ...transfer, state: 'awaiting_review' } },
  parameters: { mobile: true },
};
/** Approved: the page is about to open the payment result. */
export const Paid: Story = { args: { transfer: { ...transfer, state: 'paid' } } };
/** Rejected, with the operator's reason and the way to buy again. */
export const Rejected: Story = {
  args: { transfer: { ...transfer, state: 'rejected', reason: 'مبلغ واریزی با مبلغ سفارش برابر نبود.' } },
};
export const RejectedMobile: Story = { args: { ...Rejected.args }, parameters: { mobile: true } };
/** The deadline passed without a receipt: buy again. */
export const Expired: Story = { args: { transfer: { ...transfer, state: 'expired' } } };
export const Loading: Story = { args: { status: 'loading' } };
/** The order number names nothing (404). */
export const NotFound: Story = { args: { status: 'notFound' } };
/** The transfer could not be loaded: retry. */
export const LoadError: Story = { args: { status: 'error' } };
