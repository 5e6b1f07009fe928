export { PaymentsScreen, type PaymentsScreenProps } from './PaymentsScreen';
