export { ShownOnce, type ShownOnceProps } from './AdminShownOnce';
