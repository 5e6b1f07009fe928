/**
 * Self-hosted fonts from npm (no CDN): Vazirmatn for Persian, Inter for English. Each face uses
 * font-display: swap; the GlobalStyle adds metric-matched local fallbacks so the swap does not shift layout.
 */
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import '@fontsource-variable/inter/wght.css';
