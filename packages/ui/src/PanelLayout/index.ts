export {
  Counters,
  PanelFooterLinks,
  PanelLayout,
  PanelTitle,
  TipBox,
  type PanelLayoutProps,
  type PanelRoute,
} from './PanelLayout';
