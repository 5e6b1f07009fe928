export * from './AccountSummary';
export { LineCard, RingCard } from './AccountSummary.styles';
