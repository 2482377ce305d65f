/** One regular file of a tar archive. */
export interface TarEntry {
  name: string;
  data: Uint8Array;
}

const BLOCK = 512;
const decoder = new TextDecoder();

function text(bytes: Uint8Array, at: number, length: number): string {
  const field = bytes.subarray(at, at + length);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
}

function octal(bytes: Uint8Array, at: number, length: number): number {
  const value = text(bytes, at, length).trim();
  if (!/^[0-7]*$/.test(value)) throw new Error('Not a tar archive: a size field is not octal');
  return value ? Number.parseInt(value, 8) : 0;
}

/**
 * The regular files of a (ustar or GNU) tar archive, in order: 512-byte headers, each file's bytes
 * padded to the block size, two zero blocks at the end. Directories and links are skipped; a GNU
 * long name ('L') names the next entry. Names with `..` or a leading `/` are refused.
 */
export function untar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  let longName: string | null = null;
  while (at + BLOCK <= archive.length) {
    const header = archive.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = text(header, 257, 6).startsWith('ustar') ? text(header, 345, 155) : '';
    const base = text(header, 0, 100);
    const dataStart = at + BLOCK;
    if (dataStart + size > archive.length) throw new Error('The tar archive ends inside a file');
    const data = archive.subarray(dataStart, dataStart + size);
    at = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    const name = longName ?? (prefix ? `${prefix}/${base}` : base);
    longName = null;
    if (type !== '0' && type !== '\0') continue;
    const clean = name.replace(/^\.\//, '');
    if (clean.startsWith('/') || clean.split('/').includes('..'))
      throw new Error(`Unsafe name in the archive: ${clean}`);
    entries.push({ name: clean, data });
  }
  return entries;
}

/** Ungzip with the browser's own DecompressionStream. */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
