import { SectionPlaceholder } from './Placeholder.tsx';

export function OrdersPage() {
  return <SectionPlaceholder section="orders" />;
}
export function OrderPage() {
  return <SectionPlaceholder section="orders" />;
}
