export { Chips, type ChipsProps } from './Chips';
