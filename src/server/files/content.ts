/** File checks by content, never by extension: magic bytes and real image dimensions. */
import { imageSize } from 'image-size';
import type { FileRule } from '../../shared/resource';
import { fileTooBig } from '../../shared/messages';

export type FileKind = FileRule['kinds'][number];

export const MIME: Record<FileKind, string> = {
  png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf',
};
export const EXTENSION: Record<FileKind, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp', pdf: 'pdf' };

export function sniffKind(data: Buffer): FileKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

export function imageDimensions(data: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(data);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Returns the spec message for the first rule the file breaks, or the detected kind. */
export function checkFile(rule: FileRule, data: Buffer): { kind: FileKind } | { message: string } {
  const kind = sniffKind(data);
  if (!kind || !rule.kinds.includes(kind)) return { message: rule.typeMessage };
  if (rule.maxBytes && data.length > rule.maxBytes) return { message: fileTooBig(rule.maxBytes) };
  if (rule.dimensions && kind !== 'pdf') {
    const size = imageDimensions(data);
    if (!size) return { message: rule.typeMessage };
    if (size.width !== rule.dimensions.width || size.height !== rule.dimensions.height) return { message: rule.dimensions.message };
  }
  return { kind };
}
