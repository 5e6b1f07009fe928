import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { I18nextProvider } from 'react-i18next';
import '@separ/ui/fonts';
import { SeparProvider } from '@separ/ui';
import { storyI18n } from './i18n';
import { storyTestHooks } from './testHooks';

/** Switches language and direction together, as the site does. */
const withLocale: Decorator = (Story, context) => {
  const language = (storyTestHooks()?.locale ?? context.globals.locale) === 'en' ? 'en' : 'fa';
  if (storyI18n.language !== language) void storyI18n.changeLanguage(language);
  const dir = language === 'fa' ? 'rtl' : 'ltr';
  document.documentElement.lang = language;
  document.documentElement.dir = dir;
  document.body.classList.remove('rtl', 'ltr');
  document.body.classList.add(dir);
  return (
    <I18nextProvider i18n={storyI18n}>
      <SeparProvider language={language}>
        <Story />
      </SeparProvider>
    </I18nextProvider>
  );
};

/**
 * Mock Service Worker for the stories that talk to a backend (`parameters.msw`, the handlers of
 * @separ/api/mocks); the presentational stories never start it.
 */
const msw = mswLoader();

/**
 * The self-hosted faces in every weight the kit uses, before the story renders: what measures text as
 * it mounts (the charts' axes) would otherwise measure a fallback face, and where it put its ticks
 * then depended on how fast the fonts came.
 */
const FONT_FACES: Array<[face: string, text: string]> = ['400', '500', '700'].flatMap((weight) => [
  [`${weight} 16px Vazirmatn`, 'سپر ۰۱۲'] as [string, string],
  [`${weight} 16px "Inter Variable"`, 'Separ 012'] as [string, string],
]);
const withFonts = async () => {
  await Promise.all(FONT_FACES.map(([face, text]) => document.fonts.load(face, text)));
  await document.fonts.ready;
};

const withMsw: NonNullable<Preview['loaders']> = [
  async (context) => {
    await withFonts();
    if (context.parameters.msw) await msw(context);
    return {};
  },
];

const preview: Preview = {
  decorators: [withLocale],
  loaders: withMsw,
  globalTypes: {
    locale: {
      description: 'Language and direction',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'fa', title: 'فارسی (RTL)' },
          { value: 'en', title: 'English (LTR)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'fa' },
  // In the story tests, mobile stories render at 375 px and the others at 1280 px.
  beforeEach: async ({ parameters }) => {
    const hooks = storyTestHooks();
    if (hooks) await hooks.viewport(parameters.mobile ? 375 : 1280, 800);
  },
  // In the story tests, every story ends with a screenshot compared with its committed baseline.
  afterEach: async ({ canvasElement, id, parameters }) => {
    const hooks = storyTestHooks();
    if (!hooks || parameters.screenshot === false) return;
    await hooks.screenshot(canvasElement, id);
  },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
