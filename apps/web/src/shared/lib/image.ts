/** SPEC §6.6: images are JPEG, PNG or WebP, at most 5 MB (the server checks the content again). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Longest side of a photo re-encoded in the browser: sharp enough to read an ID card. */
export const REENCODE_MAX_SIDE = 2400;
export const REENCODE_QUALITY = 0.85;

export type ImageProblem = 'type' | 'size';

export function imageProblem(file: { type: string; size: number }): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES || file.size <= 0) return 'size';
  return null;
}

/**
 * Phone cameras often produce photos over 5 MB, or HEIC on iPhones. Those are re-encoded as JPEG
 * in the browser (when it can decode them) instead of being refused.
 */
export function shouldReencode(file: { type: string; size: number }): boolean {
  return file.type.startsWith('image/') && imageProblem(file) !== null && file.size > 0;
}

/** Scale that fits the longest side into `max`, never enlarging. */
export function fitScale(width: number, height: number, max = REENCODE_MAX_SIDE): number {
  const longest = Math.max(width, height);
  return longest > max ? max / longest : 1;
}

/** Re-encodes a photo as a JPEG of at most REENCODE_MAX_SIDE pixels; null when the browser cannot. */
export async function reencodeImage(file: File): Promise<File | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = fitScale(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', REENCODE_QUALITY),
    );
    if (!blob) return null;
    const name = `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`;
    return new File([blob], name, { type: 'image/jpeg' });
  } catch {
    return null;
  }
}

/** The file to upload: as chosen when acceptable, re-encoded when possible, else the problem. */
export async function prepareImage(file: File): Promise<{ file: File } | { problem: ImageProblem }> {
  const problem = imageProblem(file);
  if (!problem) return { file };
  if (shouldReencode(file)) {
    const converted = await reencodeImage(file);
    if (converted && !imageProblem(converted)) return { file: converted };
  }
  return { problem };
}
