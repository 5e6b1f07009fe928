export { Loadable, type LoadableProps } from './Loadable';
