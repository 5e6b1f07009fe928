export { SupportScreen } from './SupportScreen';
