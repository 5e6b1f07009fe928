import { formatCardNumber } from '@separ/domain';
import { useFormat } from '../format';
import { CardNumber } from './AdminCardsScreen.styles';

/** A card's 16 digits as a bank app shows them: four groups of four, left to right, in the screen's digits. */
export function CardNumberText({ number }: { number: string }) {
  const format = useFormat();
  return <CardNumber>{format.digits(formatCardNumber(number))}</CardNumber>;
}
