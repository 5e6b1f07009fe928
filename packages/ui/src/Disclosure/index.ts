export { DisclosureButton, DisclosureCard, useOpenSet, type DisclosureButtonProps } from './Disclosure';
