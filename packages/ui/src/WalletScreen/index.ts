export {
  WalletScreen,
  type GiftRefusal,
  type WalletGift,
  type WalletScreenProps,
  type WalletTopupError,
  type WalletTopupGate,
} from './WalletScreen';
export { checkTopupAmount, TOPUP_QUICK_AMOUNTS, type TopupAmountError } from './walletForm';
