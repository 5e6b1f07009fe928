export { AdminListScreen, type AdminListScreenProps } from './AdminListScreen';
