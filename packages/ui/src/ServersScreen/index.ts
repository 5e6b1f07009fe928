export { ServersScreen, type ServersScreenProps } from './ServersScreen';
