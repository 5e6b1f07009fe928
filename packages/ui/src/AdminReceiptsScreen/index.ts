export { AdminReceiptsScreen, DECISION_SHOWN_MS, type AdminReceiptsScreenProps } from './AdminReceiptsScreen';
