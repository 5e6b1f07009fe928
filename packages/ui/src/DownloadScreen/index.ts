export { DownloadScreen, type DownloadScreenProps } from './DownloadScreen';
