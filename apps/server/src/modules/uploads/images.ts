import sharp from 'sharp';
import { AVATAR_EDGE, AVATAR_SMALL_EDGE } from '@tolk/shared/avatars';

const MAX_EDGE = 2048;
const THUMB_EDGE = 320;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The format by its first bytes, whatever the file is called or claims to be. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

export interface ProcessedImage {
  kind: ImageKind;
  mime: string;
  image: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes the photo: orientation applied, size capped, and every piece of
 * metadata (EXIF, GPS, XMP, ICC comments) dropped, because sharp writes none unless asked.
 */
export async function processImage(data: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const base = sharp(data, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  const resized = base.clone().resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  const encoded =
    kind === 'jpeg'
      ? resized.jpeg({ quality: 85, mozjpeg: true })
      : kind === 'png'
        ? resized.png({ compressionLevel: 9 })
        : resized.webp({ quality: 85 });
  const { data: image, info } = await encoded.toBuffer({ resolveWithObject: true });
  const thumb = await base
    .clone()
    .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return { kind, mime: `image/${kind}`, image, thumb, width: info.width, height: info.height };
}

export interface ProcessedAvatar {
  /** AVATAR_EDGE square, WebP. */
  image: Buffer;
  /** AVATAR_SMALL_EDGE square, WebP, for lists and chat bubbles. */
  small: Buffer;
}

/**
 * A profile photo: the browser sends the square its member chose, and the centre square is kept
 * here anyway, so whatever arrives (an older client, a script) comes out square. Re-encoded without
 * metadata, like every photo.
 */
export async function processAvatar(data: Buffer): Promise<ProcessedAvatar> {
  const base = sharp(data, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  const square = (edge: number) =>
    base
      .clone()
      .resize({ width: edge, height: edge, fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  const [image, small] = await Promise.all([square(AVATAR_EDGE), square(AVATAR_SMALL_EDGE)]);
  return { image, small };
}
