export * from './InviteCard';
