export { Features } from './Features';
