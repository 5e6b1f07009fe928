import type { ReactNode } from 'react';
import { StyledTable, Wrap } from './Table.styles';

export interface Column<Row> {
  key: string;
  header: string;
  cell(row: Row, index: number): ReactNode;
}

/** A table's body: a row a record, each cell labelled with its column's header (the cards of small screens show it). */
export function TableRows<Row>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row, index: number): string;
}) {
  return (
    <tbody>
      {rows.map((row, index) => (
        <tr key={rowKey(row, index)}>
          {columns.map((column) => (
            <td key={column.key} data-label={column.header}>
              {column.cell(row, index)}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

export interface TableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row, index: number): string;
}

/** A data table that turns into cards on small screens (each value keeps its label). */
export function Table<Row>({ caption, columns, rows, rowKey }: TableProps<Row>) {
  return (
    <Wrap>
      <StyledTable>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <TableRows columns={columns} rows={rows} rowKey={rowKey} />
      </StyledTable>
    </Wrap>
  );
}
