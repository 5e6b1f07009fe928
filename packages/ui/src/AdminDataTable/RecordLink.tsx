import type { ReactNode } from 'react';
import { Ltr } from '../Layout';
import { AppLink } from '../provider';
import { Cell, RowLink } from './AdminScreen.styles';

/** A record's name (an account's, an order's): a link to its page when it has one, left to right. */
export function RecordLink({ name, to }: { name: string; to?: string }) {
  const text = <Ltr>{name}</Ltr>;
  return to ? (
    <RowLink>
      <AppLink to={to}>{text}</AppLink>
    </RowLink>
  ) : (
    text
  );
}

/** A list's first cell: the record's link, and under it a detail in small type (its e-mail). */
export function RecordCell({ name, to, detail }: { name: string; to: string; detail: ReactNode }) {
  return (
    <Cell>
      <RecordLink name={name} to={to} />
      <small>
        <Ltr>{detail}</Ltr>
      </small>
    </Cell>
  );
}
