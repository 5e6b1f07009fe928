import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion } from './Accordion';

const KEYS = ['howItWorks', 'legal', 'streaming'] as const;

function Demo({ defaultOpen }: { defaultOpen?: string[] }) {
  const { t } = useTranslation('home');
  return (
    <div style={{ padding: 24, maxWidth: 760 }}>
      <Accordion
        defaultOpen={defaultOpen}
        items={KEYS.map((key) => ({
          id: key,
          title: t(`faq.items.${key}.question`),
          content: t(`faq.items.${key}.answer`),
        }))}
      />
    </div>
  );
}

const meta = { title: 'Components/Accordion', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {};
export const OneOpen: Story = { args: { defaultOpen: ['legal'] } };

/** Several items may be open at once; a second click closes one. */
export const SeveralOpen: Story = {
  play: async ({ canvasElement }) => {
    const triggers = within(canvasElement).getAllByRole('button');
    await userEvent.click(triggers[0]!);
    await userEvent.click(triggers[2]!);
    await expect(triggers[0]).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers[2]).toHaveAttribute('aria-expanded', 'true');
    await expect(within(canvasElement).getAllByRole('region')).toHaveLength(2);
    await userEvent.click(triggers[0]!);
    await expect(triggers[0]).toHaveAttribute('aria-expanded', 'false');
  },
};
