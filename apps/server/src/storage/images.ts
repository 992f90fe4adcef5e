import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '../config';
import { DomainError } from '../errors';

/** Image formats accepted for ID images and receipts (SPEC §6.6). */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const IMAGE_MIME: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
export const IMAGE_EXTENSION: Record<ImageFormat, 'jpg' | 'png' | 'webp'> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
};

/** A phone photo is far below this; a decompression bomb is far above it. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const JPEG_QUALITY = 90;
const WEBP_QUALITY = 90;

/** An image that passed every check, re-encoded without metadata, not yet stored. */
export interface CleanImage {
  format: ImageFormat;
  mime: string;
  data: Buffer;
  width: number;
  height: number;
  sha256: string;
}

const startsWith = (data: Uint8Array, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/** The format the leading bytes declare, whatever the file name or declared type says. */
export function sniffImage(data: Uint8Array): ImageFormat | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF????WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

const invalid = (field: string, reason: string) => new DomainError('file_invalid', { field, reason });

/**
 * SPEC §6.6: checks an upload by content (magic bytes, then a full decode), size (non-empty,
 * ≤ LIMITS.uploadBytes) and re-encodes it in the same format without metadata (EXIF, GPS, ICC),
 * applying the EXIF orientation first so the picture still stands upright.
 * Refuses with `file_invalid` naming the field.
 */
export async function cleanImage(field: string, data: Uint8Array | undefined): Promise<CleanImage> {
  if (!data || data.length === 0) throw invalid(field, 'empty');
  if (data.length > LIMITS.uploadBytes) throw invalid(field, 'too_large');
  const format = sniffImage(data);
  if (!format) throw invalid(field, 'not_an_image');
  let output: { data: Buffer; info: { width: number; height: number } };
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' });
    const meta = await image.metadata();
    if (meta.format !== format) throw invalid(field, 'format_mismatch');
    const oriented = image.rotate();
    const encoded =
      format === 'jpeg'
        ? oriented.jpeg({ quality: JPEG_QUALITY })
        : format === 'png'
          ? oriented.png({ compressionLevel: 9 })
          : oriented.webp({ quality: WEBP_QUALITY });
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid(field, 'undecodable');
  }
  return {
    format,
    mime: IMAGE_MIME[format],
    data: output.data,
    width: output.info.width,
    height: output.info.height,
    sha256: createHash('sha256').update(output.data).digest('hex'),
  };
}
