export { LegalScreen, type LegalPage, type LegalScreenProps } from './LegalScreen';
