export { AdminOverviewScreen, type AdminOverviewScreenProps } from './AdminOverviewScreen';
