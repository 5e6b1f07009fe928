import { crc32 } from 'node:zlib';

/** Small receipt images with the metadata a phone adds, for the card tests (`seed` makes each one's bytes its own). */

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function pngWithMetadata(seed: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.from('Author\0Secret Location 35.7N 51.4E', 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 6, 1, 12, 0, 0])),
    pngChunk('eXIf', Buffer.from('MM\0*GPSSECRET', 'latin1')),
    pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, seed & 0xff, (seed >> 8) & 0xff, 0x00, 0x00, 0x04])),
    pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPSSECRET</x:xmpmeta>', 'latin1')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

export function jpegWithMetadata(seed: number): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    jpegSegment(0xe1, Buffer.from('Exif\0\0MM\0*GPSSECRET', 'latin1')),
    jpegSegment(0xfe, Buffer.from('GPSSECRET comment', 'latin1')),
    jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    jpegSegment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    jpegSegment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.alloc(16, 0), Buffer.from([0])])),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([seed & 0xff, 0xff, 0x00, (seed >> 8) & 0x7f, 0x12]),
    Buffer.from([0xff, 0xd9]),
    Buffer.from('trailing GPSSECRET', 'latin1'),
  ]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

export function webpWithMetadata(seed: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x0c;
  const body = Buffer.concat([
    riffChunk('VP8X', vp8x),
    riffChunk('VP8L', Buffer.from([0x2f, 0, 0, 0, seed & 0xff, (seed >> 8) & 0xff, 0x07])),
    riffChunk('EXIF', Buffer.from('MM\0*GPSSECRET', 'latin1')),
    riffChunk('XMP ', Buffer.from('<x:xmpmeta>GPSSECRET</x:xmpmeta>', 'latin1')),
  ]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** A multipart/form-data body of text fields and files. */
export function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----separ${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
