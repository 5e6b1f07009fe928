import type { ReactNode } from 'react';
import styled from 'styled-components';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Chip = styled.button<{ $selected: boolean }>`
  min-block-size: 40px;
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
