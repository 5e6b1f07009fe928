export { AdminDialog, type AdminDialogProps } from './AdminDialog';
