export {
  AdminCheckbox,
  AdminInput,
  AdminSelect,
  AdminTextArea,
  type AdminCheckboxProps,
  type AdminFieldSize,
  type AdminInputProps,
  type AdminSelectProps,
  type AdminTextAreaProps,
} from './AdminField';
