export { useFormat, type Formatter } from './useFormat';
