export { HomeScreen, type HomeScreenProps } from './HomeScreen';
