export {
  AppLink,
  SeparProvider,
  useLinkComponent,
  useShopLinks,
  type LinkProps,
  type SeparProviderProps,
} from './SeparProvider';
