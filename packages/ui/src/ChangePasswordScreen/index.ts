export {
  ChangePasswordScreen,
  type ChangePasswordMessage,
  type ChangePasswordScreenProps,
} from './ChangePasswordScreen';
