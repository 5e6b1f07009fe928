export { plainNumber, useFormat, withSeparNumberFormat, type Formatter } from './useFormat';
