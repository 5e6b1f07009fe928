/**
 * The operators' console (`/admin/*`): one chunk (and the overview's charts in another), loaded
 * only when an operator opens it — no public page and not the customers' panel imports it.
 */
export { AdminApp } from './AdminApp.tsx';
