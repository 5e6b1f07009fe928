import { setUpStoryTests } from './storyTestSetup';

/** The story tests in English. */
setUpStoryTests('en');
