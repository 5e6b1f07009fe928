export { Devices } from './Devices';
