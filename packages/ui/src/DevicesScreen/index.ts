export { DevicesScreen, type DevicesScreenProps } from './DevicesScreen';
