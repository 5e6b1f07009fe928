export { Table, TableRows, type Column, type TableProps } from './Table';
