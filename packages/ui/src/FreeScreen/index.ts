export { FreeScreen } from './FreeScreen';
