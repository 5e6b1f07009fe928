export * from './BotLinkCard';
