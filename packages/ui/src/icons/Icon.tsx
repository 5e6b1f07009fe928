import styled, { css } from 'styled-components';

/** Inline SVG paths (24×24, stroke icons): no icon font, nothing fetched. */
const PATHS = {
  shield: 'M12 3l7 3v5c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6l7-3z',
  shieldCheck: 'M12 3l7 3v5c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6l7-3z M9 12l2 2 4-4',
  lock: 'M6 11h12v10H6z M8 11V7a4 4 0 018 0v4',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18z M3 12h18 M12 3c2.5 2.7 3.8 5.7 3.8 9S14.5 18.3 12 21 M12 3C9.5 5.7 8.2 8.7 8.2 12s1.3 6.3 3.8 9',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  eyeOff:
    'M3 3l18 18 M10.6 6.1A9.8 9.8 0 0112 6c5 0 9 6 9 6a17 17 0 01-3 3.4 M6.6 6.6C4.3 8.1 3 12 3 12s4 6 9 6c1.6 0 3-.4 4.3-1 M9.9 9.9a3 3 0 004.2 4.2',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z M12 9a3 3 0 100 6 3 3 0 000-6z',
  play: 'M5 4h14v12H5z M9 20h6 M12 16v4 M10 8l4 2-4 2z',
  split: 'M6 3v6a6 6 0 006 6h0a6 6 0 006-6V3 M12 15v6 M3 6l3-3 3 3 M15 6l3-3 3 3',
  gamepad:
    'M6 9h12a4 4 0 014 4v1a3 3 0 01-5.2 2L15 14H9l-1.8 2A3 3 0 012 14v-1a4 4 0 014-4z M8 11v3 M6.5 12.5h3 M16 12h.01 M18 13.5h.01',
  gauge: 'M12 21a9 9 0 100-18 9 9 0 000 18z M12 12l4-4 M7 15h10',
  check: 'M5 12l5 5 9-10',
  x: 'M6 6l12 12 M18 6L6 18',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  chevronDown: 'M6 9l6 6 6-6',
  arrowForward: 'M5 12h14 M13 6l6 6-6 6',
  arrowBack: 'M19 12H5 M11 6l-6 6 6 6',
  copy: 'M9 9h11v11H9z M5 15V4h11',
  qr: 'M4 4h6v6H4z M14 4h6v6h-6z M4 14h6v6H4z M14 14h2v2h-2z M18 14h2v2h-2z M14 18h2v2h-2z M18 18h2v2h-2z M16 16h2v2h-2z',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1 M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
  download: 'M12 3v12 M7 10l5 5 5-5 M5 21h14',
  android:
    'M7 10h10v7a1 1 0 01-1 1H8a1 1 0 01-1-1z M7 9a5 5 0 0110 0z M9 18v3 M15 18v3 M4 10v5 M20 10v5 M9 5L8 3 M15 5l1-2',
  apple:
    'M16 3c-1.5.2-3 1.4-3 3 1.6.1 3-1.2 3-3z M12 7c-1 0-2-.7-3.3-.7C6.5 6.3 5 8.3 5 11c0 4 2.7 9 5 9 1 0 1.4-.6 2-.6s1 .6 2 .6c2 0 4-4 4.5-6-1.7-.7-2.5-2-2.5-3.7 0-1.4.8-2.6 2-3.2-.8-1.2-2.1-1.8-3.3-1.8C13.9 6.3 13 7 12 7z',
  windows: 'M3 5l8-1v8H3z M13 4l8-1v9h-8z M3 13h8v7l-8-1z M13 13h8v8l-8-1z',
  linux:
    'M12 3c-2 0-3 2-3 4v3l-3 5c-.7 1.3 0 3 2 3h8c2 0 2.7-1.7 2-3l-3-5V7c0-2-1-4-3-4z M10 8h.01 M14 8h.01 M8 21h3 M13 21h3',
  tv: 'M3 6h18v11H3z M8 21h8 M12 17v4',
  chrome:
    'M12 3a9 9 0 100 18 9 9 0 000-18z M12 8.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7z M12 8.5h8 M9 14l-4 6.5 M15 14l-4.3 7',
  laptop: 'M5 5h14v10H5z M2 19h20',
  phone: 'M7 2h10v20H7z M11 18h2',
  server: 'M4 4h16v6H4z M4 14h16v6H4z M8 7h.01 M8 17h.01',
  devices: 'M3 5h13v9H3z M1 18h17 M18 8h5v12h-5z',
  card: 'M3 6h18v12H3z M3 10h18 M7 15h4',
  key: 'M15 7a4 4 0 11-3.9 4.8L4 19v2h3v-2h2v-2h2l1.2-1.2A4 4 0 0115 7z M16 10h.01',
  support: 'M4 13v-2a8 8 0 0116 0v2 M4 13h3v6H5a1 1 0 01-1-1z M20 13h-3v6h2a1 1 0 001-1z M17 19a4 4 0 01-4 3h-1',
  send: 'M22 2L11 13 M22 2l-7 20-4-9-9-4z',
  megaphone: 'M3 11v2a1 1 0 001 1h3l6 4V6L7 10H4a1 1 0 00-1 1z M17 8a5 5 0 010 8',
  camera: 'M4 7h4l2-3h4l2 3h4v13H4z M12 10a3.5 3.5 0 100 7 3.5 3.5 0 000-7z',
  gift: 'M3 9h18v4H3z M5 13h14v8H5z M12 9v12 M12 9S10 4 7.5 4.5 7 8 12 9z M12 9s2-5 4.5-4.5S17 8 12 9z',
  bot: 'M5 8h14v11H5z M12 4v4 M9 13h.01 M15 13h.01 M9 16h6 M2 12v3 M22 12v3',
  info: 'M12 3a9 9 0 100 18 9 9 0 000-18z M12 11v6 M12 7h.01',
  alert: 'M12 3l10 18H2z M12 10v5 M12 18h.01',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18z M12 7v5l3 3',
  ban: 'M12 3a9 9 0 100 18 9 9 0 000-18z M5.6 5.6l12.8 12.8',
  hourglass: 'M6 3h12 M6 21h12 M7 3c0 5 10 5 10 9s-10 4-10 9 M17 3c0 5-10 5-10 9s10 4 10 9',
  database:
    'M12 3c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3z M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6 M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  refresh: 'M20 11a8 8 0 10-2.3 5.7 M20 4v7h-7',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8z M4 21a8 8 0 0116 0',
  logout: 'M10 4H5v16h5 M15 8l4 4-4 4 M19 12H9',
  upgrade: 'M12 19V5 M5 12l7-7 7 7',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2z M9 8h6 M9 12h6',
  star: 'M12 3l2.7 5.6 6.3.9-4.5 4.4 1 6.1-5.5-2.9-5.5 2.9 1-6.1L3 9.5l6.3-.9z',
  sparkle: 'M12 3v4 M12 17v4 M3 12h4 M17 12h4 M6 6l2.5 2.5 M15.5 15.5L18 18 M6 18l2.5-2.5 M15.5 8.5L18 6',
  refund: 'M4 9h12a4 4 0 010 8H9 M8 5L4 9l4 4',
  wallet: 'M19 7V5H5a2 2 0 000 4h15v10H5a2 2 0 01-2-2V7 M16 14h.01',
} as const;

export type IconName = keyof typeof PATHS;

/** Directional icons that point the other way in right-to-left text. */
const MIRRORED: ReadonlySet<IconName> = new Set(['arrowForward', 'arrowBack', 'send', 'logout', 'refund']);

const Svg = styled.svg<{ $mirror: boolean }>`
  flex-shrink: 0;
  ${({ $mirror, theme }) =>
    $mirror && theme.dir === 'rtl'
      ? css`
          transform: scaleX(-1);
        `
      : ''}
`;

export interface IconProps {
  name: IconName;
  size?: number;
  /** A label makes the icon an image for assistive technology; without one it is decorative. */
  label?: string;
  className?: string;
}

/** A stroke icon; directional ones are mirrored by hand in right-to-left text. */
export function Icon({ name, size = 24, label, className }: IconProps) {
  return (
    <Svg
      $mirror={MIRRORED.has(name)}
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </Svg>
  );
}
