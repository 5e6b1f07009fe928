import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from '../icons';
import { cluster, plainList } from '../theme';

const List = styled.ul<{ $gap: number }>`
  ${({ $gap }) => cluster($gap)}
  ${plainList}
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
`;

export interface IconListProps {
  /** Each point: its icon and its words. */
  items: Array<{ icon: IconName; text: ReactNode }>;
  /** The space between the points (theme.space). */
  gap: number;
  className?: string;
}

/** Short points in a row that wraps, each after its icon (a hero's highlights, the pricing's promises). */
export function IconList({ items, gap, className }: IconListProps) {
  return (
    <List $gap={gap} className={className}>
      {items.map(({ icon, text }, index) => (
        <li key={index}>
          <Icon name={icon} size={20} />
          {text}
        </li>
      ))}
    </List>
  );
}
