export {
  CardTransferScreen,
  type CardReceiptRefusal,
  type CardTransferScreenProps,
  type CardTransferView,
} from './CardTransferScreen';
export { clockText, receiptImageProblem, RECEIPT_IMAGE_TYPES, secondsLeft } from './cardTransfer';
