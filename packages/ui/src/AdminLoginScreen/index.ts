export {
  AdminLoginScreen,
  normalizeOtp,
  OTP_PATTERN,
  type AdminLoginError,
  type AdminLoginScreenProps,
} from './AdminLoginScreen';
