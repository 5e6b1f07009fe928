import type { HTMLAttributes, ReactNode } from 'react';

export interface FactProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** What the value is (the term). */
  label: ReactNode;
  /** The value (the description). */
  children: ReactNode;
  /** Beside the value, inside the group (a meter under it). */
  after?: ReactNode;
}

/** One term and its value in a description list (`<dl>`): the list's own styles lay them out. */
export function Fact({ label, children, after, ...rest }: FactProps) {
  return (
    <div {...rest}>
      <dt>{label}</dt>
      <dd>{children}</dd>
      {after}
    </div>
  );
}

/** A term and its value straight in a description list laid out as a grid of terms and values (no group). */
export function TermValue({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
