import type { ReactNode } from 'react';
import styled from 'styled-components';
import { cluster } from '../theme';

const Group = styled.div`
  ${cluster(2)}
`;

/** A chip's height, and so a row's while its items load. */
const CHIP_BLOCK_SIZE = '40px';

/**
 * The room a row of chips takes, kept while its items load: the row appearing later would push
 * down what is under it (on /buy, the plans: a layout shift of 0.03).
 */
export const ChipsPlaceholder = styled.div.attrs({ 'aria-hidden': true })`
  min-block-size: ${CHIP_BLOCK_SIZE};
`;

const Chip = styled.button<{ $selected: boolean }>`
  min-block-size: ${CHIP_BLOCK_SIZE};
  padding-inline: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1.5px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.infoSoft : theme.colors.surface)};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.info : theme.colors.text)};
  font-weight: 600;
  cursor: pointer;
`;

export interface ChipsProps<T extends string | number> {
  items: Array<{ value: T; label: ReactNode }>;
  value: T | null;
  onChange(value: NoInfer<T>): void;
  /** The group's accessible name. */
  label: string;
}

/** A single choice among a few options, as toggle buttons. */
export function Chips<T extends string | number>({ items, value, onChange, label }: ChipsProps<T>) {
  return (
    <Group role="group" aria-label={label}>
      {items.map((item) => (
        <Chip
          key={String(item.value)}
          type="button"
          aria-pressed={item.value === value}
          $selected={item.value === value}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </Chip>
      ))}
    </Group>
  );
}
