export {
  AdminPageHeader,
  AdminPagePending,
  type AdminPageHeaderProps,
  type AdminPagePendingProps,
  type AdminRecordProps,
} from './AdminPageHeader';
