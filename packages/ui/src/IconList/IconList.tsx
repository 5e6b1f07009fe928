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

export interface IconListProps<Key extends string> {
  /** The points in order, each key with its icon. */
  icons: Readonly<Record<Key, IconName>>;
  /** A point's words. */
  text(key: Key): ReactNode;
  /** The space between the points (theme.space). */
  gap: number;
  className?: string;
}

/** Short points in a row that wraps, each after its icon (a hero's highlights, the pricing's promises). */
export function IconList<Key extends string>({ icons, text, gap, className }: IconListProps<Key>) {
  return (
    <List $gap={gap} className={className}>
      {(Object.keys(icons) as Key[]).map((key) => (
        <li key={key}>
          <Icon name={icons[key]} size={20} />
          {text(key)}
        </li>
      ))}
    </List>
  );
}
