export {
  PaymentScreen,
  type PaymentGate,
  type PaymentRefusal,
  type PaymentScreenProps,
  type PaymentWallet,
} from './PaymentScreen';
