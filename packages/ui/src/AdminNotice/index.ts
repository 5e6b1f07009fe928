export { AdminNotice, type AdminNoticeProps, type AdminNoticeTone } from './AdminNotice';
export { adminErrorText, type AdminActionError } from './adminErrorText';
