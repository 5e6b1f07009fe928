export {
  Counters,
  PanelFooterLinks,
  PanelHeading,
  PanelLayout,
  PanelRecords,
  PanelTitle,
  TipBox,
  type PanelHeadingProps,
  type PanelLayoutProps,
  type PanelRecordsProps,
  type PanelRoute,
} from './PanelLayout';
