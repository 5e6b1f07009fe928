import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { expect, userEvent, within } from 'storybook/test';
import { Icon } from '../icons';
import { DisclosureButton, DisclosureCard, useOpenSet } from './Disclosure';

const KEYS = ['howItWorks', 'legal'] as const;

const Toggle = styled(DisclosureButton)`
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
  font-weight: 700;
`;

const Answer = styled.p`
  padding: 0 ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function Demo({ initiallyOpen }: { initiallyOpen?: string[] }) {
  const { t } = useTranslation('home');
  const { isOpen, toggle } = useOpenSet(initiallyOpen);
  return (
    <div style={{ padding: 24, maxWidth: 760, display: 'grid', gap: 16 }}>
      {KEYS.map((key) => (
        <DisclosureCard key={key}>
          <Toggle headingLevel={2} open={isOpen(key)} controls={`answer-${key}`} onToggle={() => toggle(key)}>
            <Icon name="info" size={22} />
            <span>{t(`faq.items.${key}.question`)}</span>
          </Toggle>
          <Answer id={`answer-${key}`} hidden={!isOpen(key)}>
            {t(`faq.items.${key}.answer`)}
          </Answer>
        </DisclosureCard>
      ))}
    </div>
  );
}

const meta = { title: 'Components/Disclosure', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {};
export const OneOpen: Story = { args: { initiallyOpen: ['legal'] } };

/** A click shows the panel the button controls and turns the chevron; a second hides it. */
export const Toggles: Story = {
  play: async ({ canvasElement }) => {
    const [first] = within(canvasElement).getAllByRole('button');
    const panel = canvasElement.querySelector(`#${first!.getAttribute('aria-controls')}`);
    await expect(panel).not.toBeVisible();
    await userEvent.click(first!);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await userEvent.click(first!);
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).not.toBeVisible();
  },
};
