import cssjanus from 'cssjanus';
import rtlPlugin from 'stylis-plugin-rtl';

/** The part of a stylis element the plugin reads (stylis's own type, without depending on its version). */
interface StylisElement {
  type: string;
  value: string;
  children: StylisElement[] | string;
}
/** What stylis passes a plugin: the element, its index, its siblings and the callback. */
type PluginArgs = Parameters<typeof rtlPlugin>;

/**
 * Each of cssjanus's flips needs one of these words in the text (its regular expressions for
 * left and right, ltr and rtl, cursors, four-value margins, paddings, borders and colours,
 * background positions, radii, shadows, translations and the `@noflip` comment).
 */
const MAY_FLIP = /left|right|ltr|rtl|resize|margin|padding|border|-color|background|shadow|transform|noflip/i;

const MIRRORED = new Set(['rule', '@keyframes', '@supports']);

/** What cssjanus answered, per declaration text. */
const flips = new Map<string, boolean>();

/** Words whose declarations go to cssjanus whatever their property. */
const ALWAYS_ASK = /left|right|ltr|rtl|resize|noflip|translate|text-shadow/i;

/**
 * Whether cssjanus could change this declaration ("padding:8px 16px;"). Its first call costs a
 * slow phone tens of milliseconds (it compiles its regular expressions), so the common forms it
 * provably leaves alone are answered here — rtl.test.ts checks each answer against cssjanus — and
 * the rest are asked, once per text.
 */
export function declarationFlips(text: string): boolean {
  if (!MAY_FLIP.test(text)) return false;
  if (!ALWAYS_ASK.test(text)) {
    const colon = text.indexOf(':');
    const property = text.slice(0, colon).trim().toLowerCase();
    const value = text
      .slice(colon + 1)
      .replace(/;\s*$/, '')
      .trim();
    if (colon > 0 && !value.includes(':')) {
      const values = value.split(/\s+/).length;
      // Four values are mirrored (start and end swap); one to three are the same both ways.
      if (/(?:margin|padding|border-width|-color|border-style)$/.test(property)) {
        if (values < 4) return false;
      } else if (property.endsWith('border-radius')) {
        if (values < 2 && !value.includes('/')) return false;
      } else if (property.includes('background')) {
        // Only a horizontal percentage is mirrored.
        if (!value.includes('%')) return false;
      } else if (property.endsWith('box-shadow')) {
        // The first shadow's horizontal offset changes sign; zero stays zero.
        if (value === 'none' || /^(?:inset\s+)?0(?:px)?\s/.test(value)) return false;
      } else {
        // A border or transition shorthand, scroll-margin-block and the like: nothing to mirror.
        return false;
      }
    }
  }
  let answer = flips.get(text);
  if (answer === undefined) {
    answer = cssjanus.transform(text) !== text;
    flips.set(text, answer);
  }
  return answer;
}

/** Whether anything in a rule — its selector, a declaration, a nested rule — would be mirrored. */
function needsMirroring(element: StylisElement): boolean {
  if (element.type === 'decl') return declarationFlips(element.value);
  if (element.type === 'comm') return MAY_FLIP.test(element.value);
  if (/ltr|rtl|left|right/i.test(element.value)) return true;
  return Array.isArray(element.children) && element.children.some(needsMirroring);
}

/**
 * stylis-plugin-rtl for the rules that have something to mirror. Separ's styles are written with
 * logical properties, so most rules have nothing, yet the plugin ran cssjanus over each rule and
 * compiled it again: the largest share of a Persian page's style work while it came alive
 * (docs/BENCHMARKS.md). A rule passes through unchanged only where cssjanus would leave each of
 * its declarations as it is; the output is the same as the plugin's (rtl.test.ts).
 */
export function rtl(...args: PluginArgs): ReturnType<typeof rtlPlugin> {
  const element = args[0] as unknown as StylisElement;
  // The plugin itself only rewrites rules, @keyframes and @supports.
  if (!MIRRORED.has(element.type) || !needsMirroring(element)) return undefined;
  return rtlPlugin(...args);
}
// styled-components names its classes after its plugins' names.
Object.defineProperty(rtl, 'name', { value: 'separRtl' });
