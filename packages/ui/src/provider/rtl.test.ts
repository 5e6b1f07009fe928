import { compile, middleware, serialize, stringify } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { describe, expect, it, vi } from 'vitest';

const pluginCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('stylis-plugin-rtl', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: (...args: unknown[]) => unknown }).default;
  return {
    default: (...args: unknown[]) => {
      pluginCalls.count++;
      return real(...args);
    },
  };
});
import cssjanus from 'cssjanus';
import { declarationFlips, rtl } from './rtl';

const PROPERTIES = [
  'margin',
  'padding',
  'scroll-margin',
  'scroll-padding',
  'margin-block',
  'padding-inline',
  'border',
  'border-width',
  'border-color',
  'border-style',
  'outline-color',
  'background-color',
  'text-decoration-color',
  'border-block-end',
  'border-inline-start-color',
  'border-radius',
  'border-top-left-radius',
  'border-start-start-radius',
  'background',
  'background-position',
  'background-position-x',
  'background-size',
  'box-shadow',
  '-webkit-box-shadow',
  'text-shadow',
  'transform',
  'transition',
  'animation',
  'float',
  'clear',
  'text-align',
  'inset',
  'cursor',
  'direction',
  'content',
  'grid-template-columns',
  'color',
  'display',
  'font',
  'mask',
];
const VALUES = [
  '0',
  '8px',
  '0 auto',
  '1px 2px 3px',
  '1px 2px 3px 4px',
  '-1px 0 0 2px',
  '1px 2px 3px 4px !important',
  'auto',
  'inherit',
  '10%',
  '10% 20%',
  '-5.5% 0',
  'red',
  'red green blue',
  'red green blue black',
  '#000 #111 #222 #333',
  'rgba(0, 0, 0, 0.5)',
  'solid dotted none double',
  '1px solid #dbe3ee',
  '1px / 2px',
  '10px 20px / 5px',
  '0 1px 2px rgba(15, 23, 42, 0.06),0 1px 3px rgba(15, 23, 42, 0.08)',
  '0px 4px 8px #000',
  '4px 2px 8px #000',
  '-4px 0 0 red',
  'inset 3px 0 0 #1d4ed8',
  'inset 0 0 0 1px red',
  '0.5px 1px red',
  'none',
  'inherit 1px',
  'url(a.png) 10% 50% no-repeat',
  'url(left.png)',
  'translateX(4px)',
  'translate(-50%, -50%)',
  'rotate(45deg) translateX(-2px)',
  'scaleX(-1)',
  'border-color 0.2s ease',
  'margin 0.2s, padding 0.2s',
  'calc(100% - 10px) 0 0 0',
  'calc(1px + 2px) 0',
  'e-resize',
  'nw-resize',
  'ltr',
  'rtl',
  'left',
  'right',
  '260px minmax(0, 1fr)',
  '"\\201C"',
];

const css = (text: string, plugin: typeof rtlPlugin) => serialize(compile(text), middleware([plugin, stringify]));

/** Rules as the components write them, and one of each kind cssjanus mirrors. */
const RULES = [
  '.a{display:flex;gap:8px;color:#0f172a;padding-inline:16px;margin-block-end:24px;}',
  '.a{padding:32px 24px;border:1px solid #dbe3ee;border-radius:16px;background:#ffffff;}',
  '.a{position:relative;inset-inline-end:0;text-align:start;}',
  '.a{float:left;}',
  '.a{margin-right:8px;}',
  '.a{padding:1px 2px 3px 4px;}',
  '.a{margin:0 auto 0 calc(100% - 10px);}',
  '.a{border-width:1px 2px 3px 4px;}',
  '.a{border-color:red green blue black;}',
  '.a{border-style:solid dotted none double;}',
  '.a{border-radius:1px 2px 3px 4px;}',
  '.a{border-radius:10px / 20px 5px;}',
  '.a{border-left:1px solid red;border-top-right-radius:4px;}',
  '.a{box-shadow:4px 2px 8px rgba(0,0,0,0.2);}',
  '.a{box-shadow:0 1px 2px rgba(15, 23, 42, 0.06),0 1px 3px rgba(15, 23, 42, 0.08);}',
  '.a{box-shadow:inset 3px 0 0 #1d4ed8;}',
  '.a{text-shadow:1px 1px 0 #000;}',
  '.a{transform:translateX(4px);}',
  '.a{transform:translate(-50%, -50%) rotate(45deg);}',
  '.a{transform:scaleX(-1);}',
  '.a{cursor:e-resize;}',
  '.a{cursor:nw-resize;}',
  '.a{background:url(arrow-left.png) no-repeat 10% 50%;}',
  '.a{background-position:20% 0;background-position-x:30%;}',
  '.a{direction:ltr;}',
  '.a{direction:rtl;unicode-bidi:isolate;}',
  '.a:dir(ltr){color:red;}',
  '.a{text-align:left;}',
  '.a{clear:right;}',
  '.a{left:0;right:auto;}',
  '.a{/* @noflip */ float:left;}',
  '.a{outline:3px solid #f59e0b;outline-offset:2px;}',
  '.a{transition:left 0.2s;}',
  '.a:hover:not(:disabled){background:#1e40af;border-color:#1e40af;}',
  '.a svg{color:#15803d;}',
  '@media (min-width: 768px){.a{padding:0 8px 0 16px;}.b{display:grid;}}',
  '@media (min-width: 1024px){.a{grid-template-columns:260px minmax(0, 1fr);}}',
  '@supports (display:grid){.a{margin-left:4px;}}',
  '@keyframes spin{from{transform:rotate(0deg);}to{transform:rotate(360deg);}}',
  '@keyframes slide{from{transform:translateX(-100%);}to{transform:translateX(0);}}',
  '.a{&:hover{padding:1px 2px 3px 4px;}& > span{color:red;}}',
  '.a{content:"left";}',
  ".a{font-family:'Vazirmatn', 'Vazirmatn Fallback', Tahoma, sans-serif;}",
];

describe('rtl (stylis-plugin-rtl where it has something to mirror)', () => {
  it.each(RULES)('writes what stylis-plugin-rtl writes: %s', (rule) => {
    expect(css(rule, rtl)).toBe(css(rule, rtlPlugin));
  });

  it('answers as cssjanus does for every property and value here', () => {
    for (const property of PROPERTIES) {
      for (const value of VALUES) {
        for (const text of [`${property}:${value};`, `${property}: ${value};`]) {
          expect(declarationFlips(text), text).toBe(cssjanus.transform(text) !== text);
        }
      }
    }
  });

  it('still mirrors what is physical', () => {
    expect(css('.a{margin-right:8px;}', rtl)).toBe('.a{margin-left:8px;}');
    expect(css('.a{padding:1px 2px 3px 4px;}', rtl)).toBe('.a{padding:1px 4px 3px 2px;}');
  });

  it('leaves the plugin out of a rule written with logical properties', () => {
    pluginCalls.count = 0;
    css('.a{display:flex;padding-inline:16px;border:1px solid red;box-shadow:0 1px 2px #000;}', rtl);
    expect(pluginCalls.count).toBe(0);
    css('.a{display:flex;padding:1px 2px 3px 4px;}', rtl);
    expect(pluginCalls.count).toBe(1);
  });
});
