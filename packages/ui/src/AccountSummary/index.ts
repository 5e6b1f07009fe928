export * from './AccountSummary';
export { RingCard } from './AccountSummary.styles';
