export {
  CardTransferScreen,
  clockText,
  receiptImageProblem,
  RECEIPT_IMAGE_TYPES,
  secondsLeft,
  type CardReceiptRefusal,
  type CardTransferScreenProps,
  type CardTransferView,
} from './CardTransferScreen';
