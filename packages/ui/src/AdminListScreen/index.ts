export { AdminListScreen, type AdminListProps, type AdminListScreenProps } from './AdminListScreen';
