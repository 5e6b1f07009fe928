export { PlansScreen, type PlansScreenProps } from './PlansScreen';
