export * from './ConnectScreen';
