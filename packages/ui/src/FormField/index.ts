export { PasswordField, TextField, type TextFieldProps } from './FormField';
