import { createHash } from 'node:crypto';
import type { Kind } from '@tables-voisines/contract/schemas/establishment';

/**
 * File names of the static export. Uris keep apostrophes, ampersands, commas, parentheses, question marks
 * and accents; on disk every byte outside `a-z 0-9 . -` is written `_XX` (its hexadecimal UTF-8 value), so
 * names are plain ASCII, the same on every file system (case-insensitive ones included), in archives and
 * object stores. Most uris only hold those characters and keep their name as is.
 */

const KEPT = /^[a-z0-9.-]$/;
/** File systems allow 255 bytes; leave room for the extension. */
const MAX_NAME = 200;

export function safeFileSegment(segment: string): string {
  let name = '';
  for (const byte of new TextEncoder().encode(segment.normalize('NFC'))) {
    const char = String.fromCharCode(byte);
    name += byte < 0x80 && KEPT.test(char) ? char : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  // No hidden files, no `.` or `..`.
  if (name.startsWith('.')) name = `_2E${name.slice(1)}`;
  if (name.length > MAX_NAME) {
    const hash = createHash('sha256').update(segment.normalize('NFC')).digest('hex').slice(0, 16);
    name = `${name.slice(0, MAX_NAME - 17)}~${hash}`;
  }
  return name;
}

/** `restaurant/l_27atelier-_28chez-toto_29-a-saint-_C3_A9tienne.html` */
export function establishmentPageFile(kind: Kind, uri: string, extension: 'html' | 'data' = 'html'): string {
  return `${kind}/${safeFileSegment(uri)}.${extension}`;
}
