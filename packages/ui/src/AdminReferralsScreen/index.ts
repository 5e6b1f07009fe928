export { AdminReferralsScreen, type AdminReferralsScreenProps } from './AdminReferralsScreen';
