export { AdminCardsScreen, type AdminCardsScreenProps } from './AdminCardsScreen';
export { CardNumberText } from './CardNumberText';
export { cardRefusal, checkNewCard, checkRejectReason, type CardRefusal } from './cardForms';
