import { Link } from 'react-router-dom';
import type { LinkProps } from '@separ/ui';

/** The ui package's links, routed on the client. */
export function RouterLink({ to, ...rest }: LinkProps) {
  return <Link to={to} {...rest} />;
}
