import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CopyButton } from './CopyButton';

function Demo({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('panel');
  return (
    <div style={{ padding: 24, minHeight: 160 }}>
      <CopyButton
        text={'vless://a@b:443\nvless://a@b:8443'}
        label={t('servers.copy')}
        copiedLabel={t('servers.copied')}
        disabled={disabled}
      />
    </div>
  );
}

const meta = { title: 'Components/CopyButton', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Disabled: Story = { args: { disabled: true } };

/** A click shows the "copied" toast, which goes away after two seconds. */
export const CopiedToastFor2s: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Timed from before the click: the toast's timer cannot start earlier, so
    // a late poll on a loaded machine can only lengthen the figure, never
    // shorten it below the two seconds the toast must stay.
    const clickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button'));
    const status = canvas.getByRole('status');
    await waitFor(() => expect(status.textContent).not.toBe(''));
    await waitFor(() => expect(status.textContent).toBe(''), { timeout: 5000 });
    const shownFor = performance.now() - clickedAt;
    await expect(shownFor).toBeGreaterThan(1950); // timers round to the millisecond
    await expect(shownFor).toBeLessThan(4000);
  },
};
