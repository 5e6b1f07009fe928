export { WalletScreen, type WalletScreenProps, type WalletTopupError } from './WalletScreen';
export { checkTopupAmount, TOPUP_QUICK_AMOUNTS, type TopupAmountError } from './walletForm';
