export * from './SubscriptionScreen';
