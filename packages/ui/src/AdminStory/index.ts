export { adminStory, InAdmin, STORY_OPERATOR } from './AdminStory';
