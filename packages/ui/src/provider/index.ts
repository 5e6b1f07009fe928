export { AppLink, SeparProvider, useLinkComponent, type LinkProps, type SeparProviderProps } from './SeparProvider';
