import { setUpStoryTests } from './storyTestSetup';

/** The story tests in Persian. */
setUpStoryTests('fa');
