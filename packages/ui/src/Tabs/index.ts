export { Tabs, tabIds, type TabItem, type TabsProps } from './Tabs';
