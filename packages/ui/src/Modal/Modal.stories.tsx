import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { Modal } from './Modal';

function Demo({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { t } = useTranslation('panel');
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <div style={{ minHeight: 560, padding: 24 }}>
      <Button onClick={() => setOpen(true)}>{t('menu.upgrade')}</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('upgrade.title')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('upgrade.ok')}
            </Button>
            <Button href="https://t.me/separ_support" icon="send">
              {t('upgrade.openMessenger')}
            </Button>
          </>
        }
      >
        <p>{t('upgrade.message')}</p>
      </Modal>
    </div>
  );
}

const meta = { title: 'Components/Modal', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = { args: { initiallyOpen: true } };

/** Focus moves into the dialog, Escape closes it, and focus returns to the opener. */
export const FocusAndEscape: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole('button');
    await userEvent.click(opener);
    const dialog = await within(document.body).findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
    await expect(opener).toHaveFocus();
  },
};
