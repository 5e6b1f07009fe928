export { InstallScreen, type InstallScreenProps } from './InstallScreen';
export { INSTALL_PLATFORMS, INSTALL_STEPS, isScreenshotName, type InstallPlatform } from './installSteps';
