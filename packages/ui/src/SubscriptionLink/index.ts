export * from './SubscriptionLink';
