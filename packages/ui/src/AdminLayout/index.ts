export {
  ADMIN_SECTIONS,
  AdminLanguageButton,
  AdminLayout,
  type AdminLanguageButtonProps,
  type AdminLayoutProps,
  type AdminSection,
} from './AdminLayout';
export { AdminRoleProvider, useAdminMay, useAdminRole } from './adminRole';
export { AdminPanel, CodeBlock, FormActions, FormGrid, RowActions } from './adminParts';
export { isHost, isHttpUrl, isIpAddress, isolate, parseDecimal, parseWhole } from './numbers';
