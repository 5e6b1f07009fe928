export { AdminOperatorsScreen, type AdminOperatorsScreenProps } from './AdminOperatorsScreen';
