import type { ReactNode } from 'react';
import { ErrorView, type ErrorViewProps } from '../ErrorView';
import { Spinner } from '../Spinner';

export interface LoadableProps<Data> {
  status: 'loading' | 'error' | 'ready';
  /** What the spinner says while the data loads. */
  loadingLabel?: string;
  /** Drawn while the data loads instead of the spinner (a skeleton of the content). */
  loading?: ReactNode;
  /** The error view when the load failed (its title, the retry button). */
  error: ErrorViewProps;
  /** The loaded data, for content drawn from it: without it, a ready screen shows the error too. */
  data?: Data | null;
  /** The content once the data is there: a node, or drawn from `data`. */
  children: ReactNode | ((data: Data) => ReactNode);
}

/** A screen's loaded part: the spinner while it loads, the error view if it failed, else the content. */
export function Loadable<Data>({ status, loadingLabel, loading, error, data, children }: LoadableProps<Data>) {
  if (status === 'loading') return loading ?? <Spinner block label={loadingLabel} />;
  if (typeof children === 'function') {
    return status === 'error' || data === undefined || data === null ? <ErrorView {...error} /> : children(data);
  }
  return status === 'error' ? <ErrorView {...error} /> : children;
}
