export { PaymentResultScreen, type PaymentResultScreenProps } from './PaymentResultScreen';
