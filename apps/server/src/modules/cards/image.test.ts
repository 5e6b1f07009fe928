import { describe, expect, it } from 'vitest';
import { jpegWithMetadata, pngWithMetadata, webpWithMetadata } from '../../../test/cardImages.ts';
import { checkReceiptImage, sniffImage } from './image.ts';

/** Receipt images: told by their bytes, stripped of their metadata, refused when broken. */
describe('receipt images', () => {
  const secret = (bytes: Buffer) => bytes.includes(Buffer.from('GPSSECRET')) || bytes.includes(Buffer.from('Secret'));

  it('tells PNG, JPEG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImage(pngWithMetadata(1))).toBe('image/png');
    expect(sniffImage(jpegWithMetadata(1))).toBe('image/jpeg');
    expect(sniffImage(webpWithMetadata(1))).toBe('image/webp');
    expect(sniffImage(Buffer.from('GIF89a……'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('drops PNG text, EXIF and time chunks and keeps the picture', () => {
    const input = pngWithMetadata(7);
    expect(secret(input)).toBe(true);
    const out = checkReceiptImage(input);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(secret(out.bytes)).toBe(false);
    const types = chunkTypes(out.bytes);
    expect(types).toEqual(['IHDR', 'gAMA', 'IDAT', 'IEND']);
  });

  it('drops JPEG EXIF, comments and what follows the end, and keeps JFIF and the scan', () => {
    const input = jpegWithMetadata(9);
    const out = checkReceiptImage(input);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(secret(out.bytes)).toBe(false);
    expect(out.bytes.includes(Buffer.from('JFIF'))).toBe(true);
    expect(out.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(out.bytes.includes(Buffer.from([9, 0xff, 0x00]))).toBe(true);
  });

  it('drops WebP EXIF and XMP chunks and clears their flags', () => {
    const out = checkReceiptImage(webpWithMetadata(3));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(secret(out.bytes)).toBe(false);
    expect(out.bytes.readUInt32LE(4)).toBe(out.bytes.length - 8);
    expect(out.bytes[20]! & 0x0c).toBe(0);
    expect(out.bytes.includes(Buffer.from('VP8L'))).toBe(true);
  });

  it('refuses what only starts like an image', () => {
    const png = pngWithMetadata(1);
    for (const broken of [
      png.subarray(0, 20),
      Buffer.concat([png.subarray(0, 8), Buffer.from([0, 0, 0, 13]), Buffer.from('IDAT'), Buffer.alloc(17)]),
      jpegWithMetadata(1).subarray(0, 30),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      webpWithMetadata(1).subarray(0, 20),
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBP')]),
    ])
      expect(checkReceiptImage(broken).ok).toBe(false);
  });
});

function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    types.push(png.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}
