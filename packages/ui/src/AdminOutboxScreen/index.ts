export { AdminOutboxScreen, type AdminOutboxQuery, type AdminOutboxScreenProps } from './AdminOutboxScreen';
