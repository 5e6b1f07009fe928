import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, within } from 'storybook/test';
import { useFormat } from '../format';
import { Chips } from './Chips';

function Demo() {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const [days, setDays] = useState(30);
  return (
    <div style={{ padding: 24 }}>
      <Chips
        items={[30, 90, 180, 365].map((d) => ({ value: d, label: format.duration(d) }))}
        value={days}
        onChange={setDays}
        label={t('durations.label')}
      />
    </div>
  );
}

const meta = { title: 'Components/Chips', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Durations: Story = {};

/** One chip is pressed at a time, and the choice is kept. */
export const KeepsSelection: Story = {
  play: async ({ canvasElement }) => {
    const chips = within(canvasElement).getAllByRole('button');
    await expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(chips[2]!);
    await expect(chips[2]).toHaveAttribute('aria-pressed', 'true');
    await expect(chips[0]).toHaveAttribute('aria-pressed', 'false');
  },
};
