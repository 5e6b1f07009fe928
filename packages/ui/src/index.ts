/**
 * @separ/ui — Separ's screens and widgets as RTL-aware styled components. Presentational only:
 * data, state and callbacks come in as props; nothing here fetches.
 */
export * from './theme';
export * from './provider';
export * from './format';
export * from './icons';
export * from './Button';
export * from './Spinner';
