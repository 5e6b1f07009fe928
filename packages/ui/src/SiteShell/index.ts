export { SiteShell, type SiteShellProps } from './SiteShell';
