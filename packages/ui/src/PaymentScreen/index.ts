export {
  PaymentScreen,
  type CouponRefusal,
  type PaymentCoupon,
  type PaymentGate,
  type PaymentRefusal,
  type PaymentScreenProps,
  type PaymentWallet,
} from './PaymentScreen';
