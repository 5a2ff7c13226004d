/** A picture's size in pixels. */
export interface ImageDimensions {
  width: number;
  height: number;
}

function readUint16BigEndian(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

function readUint16LittleEndian(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function readUint24LittleEndian(bytes: Uint8Array, offset: number): number {
  return readUint16LittleEndian(bytes, offset) | ((bytes[offset + 2] ?? 0) << 16);
}

function readUint32BigEndian(bytes: Uint8Array, offset: number): number {
  return readUint16BigEndian(bytes, offset) * 0x10000 + readUint16BigEndian(bytes, offset + 2);
}

/** JPEG keeps its size in the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const length = readUint16BigEndian(bytes, offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      return {
        height: readUint16BigEndian(bytes, offset + 5),
        width: readUint16BigEndian(bytes, offset + 7),
      };
    }
    offset += 2 + length;
  }
  return undefined;
}

/** WebP's three encodings each keep the size in their own place. */
function webpDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') {
    return { width: readUint24LittleEndian(bytes, 24) + 1, height: readUint24LittleEndian(bytes, 27) + 1 };
  }
  if (chunk === 'VP8L') {
    const bits =
      (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    return {
      width: readUint16LittleEndian(bytes, 26) & 0x3fff,
      height: readUint16LittleEndian(bytes, 28) & 0x3fff,
    };
  }
  return undefined;
}

/** The size a PNG, GIF, JPEG or WebP file declares in its header; `undefined` when it cannot be read. */
export function imageDimensions({
  bytes,
  mediaType,
}: {
  bytes: Uint8Array;
  mediaType: string;
}): ImageDimensions | undefined {
  switch (mediaType) {
    case 'image/png':
      return bytes.length < 24
        ? undefined
        : { width: readUint32BigEndian(bytes, 16), height: readUint32BigEndian(bytes, 20) };
    case 'image/gif':
      return bytes.length < 10
        ? undefined
        : { width: readUint16LittleEndian(bytes, 6), height: readUint16LittleEndian(bytes, 8) };
    case 'image/jpeg':
      return jpegDimensions(bytes);
    case 'image/webp':
      return webpDimensions(bytes);
    default:
      return undefined;
  }
}
