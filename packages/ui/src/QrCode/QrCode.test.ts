import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { create } from 'qrcode';

/** The encoder the QrCode component draws from, decoded back by an independent reader (jsQR). */
describe('QR codes', () => {
  it('decode back to the exact subscription URL', () => {
    const url = 'https://shop.separ.example/sub/Xk3pQ9vRtY2mWb7nLs4dHf8cJq1eZa5u';
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    // Draw it as the component does (four-module quiet zone), eight pixels a module.
    const scale = 8;
    const width = (modules.size + 8) * scale;
    const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++)
        if (modules.get(x, y))
          for (let dy = 0; dy < scale; dy++)
            for (let dx = 0; dx < scale; dx++) {
              const at = (((y + 4) * scale + dy) * width + (x + 4) * scale + dx) * 4;
              pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
            }
    expect(jsQR(pixels, width, width)?.data).toBe(url);
  });
});
