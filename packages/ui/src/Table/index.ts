export { Table, type Column, type TableProps } from './Table';
