export {
  Counters,
  PanelFooterLinks,
  PanelHeading,
  PanelLayout,
  PanelTitle,
  TipBox,
  type PanelHeadingProps,
  type PanelLayoutProps,
  type PanelRoute,
} from './PanelLayout';
