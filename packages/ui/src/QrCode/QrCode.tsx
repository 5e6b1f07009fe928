import { useMemo } from 'react';
import { create } from 'qrcode';
import { Figure } from './QrCode.styles';

export interface QrCodeProps {
  /** What the code says: a URL, scanned by a phone's camera or a VPN app. */
  value: string;
  /** Its accessible name ("QR code of your subscription link"). */
  label: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

/**
 * A QR code drawn as one SVG path (dark modules on white, a four-module quiet zone), encoded with
 * `qrcode` (soldair/node-qrcode, kept, MIT; only its encoder is used, not its renderers): no canvas,
 * no inline style, the same in the browser, the prerender and the tests (which decode it back).
 * Error correction M: a phone reads it from a screen at arm's length.
 */
export function QrCode({ value, label, size = 220 }: QrCodeProps) {
  const { path, width } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const quiet = 4;
    let d = '';
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    return { path: d, width: modules.size + 2 * quiet };
  }, [value]);
  return (
    <Figure>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${width}`}
        width={size}
        height={size}
        shapeRendering="crispEdges"
        data-qr={value}
      >
        <rect width={width} height={width} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
    </Figure>
  );
}
