export { PaymentScreen, type PaymentScreenProps } from './PaymentScreen';
