export { Skeleton } from './Skeleton';
