import { Table, type TableProps } from '../Table';
import { Muted, Quiet, Section } from './AdminScreen.styles';

export interface TableSectionProps<Row> extends Omit<TableProps<Row>, 'caption'> {
  /** The heading's id, which names the section. */
  id: string;
  /** The heading, and the table's caption for assistive technology. */
  title: string;
  /** What is said instead of an empty table. */
  none: string;
}

/** A record's list under its heading (an account's devices, its orders): the table, or a line saying there is none. */
export function TableSection<Row>({ id, title, none, ...table }: TableSectionProps<Row>) {
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {table.rows.length === 0 ? (
        <Muted>{none}</Muted>
      ) : (
        <Quiet>
          <Table caption={title} {...table} />
        </Quiet>
      )}
    </Section>
  );
}
