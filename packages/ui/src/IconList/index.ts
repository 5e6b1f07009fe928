export { IconList, type IconListProps } from './IconList';
