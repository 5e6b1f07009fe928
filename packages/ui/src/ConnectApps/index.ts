export * from './ConnectApps';
