export { Hero } from './Hero';
