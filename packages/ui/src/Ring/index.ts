export { Ring, type RingProps } from './Ring';
