export * from './AdminAutomationScreen';
