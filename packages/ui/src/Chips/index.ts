export { Chips, ChipsPlaceholder, type ChipsProps } from './Chips';
