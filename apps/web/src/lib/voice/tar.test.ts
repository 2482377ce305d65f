import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzip, untar } from './tar.ts';

/** A tar header as `tar` writes one (ustar, octal fields, checksum). */
function header(name: string, size: number, type = '0', prefix = ''): Uint8Array {
  const h = new Uint8Array(512);
  const put = (at: number, text: string) => h.set(new TextEncoder().encode(text), at);
  put(0, name);
  put(100, '0000644\0');
  put(124, `${size.toString(8).padStart(11, '0')}\0`);
  put(136, '00000000000\0');
  put(156, type);
  put(257, 'ustar\0');
  put(263, '00');
  put(345, prefix);
  put(148, '        ');
  const sum = h.reduce((n, b) => n + b, 0);
  put(148, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

function archive(files: Array<[string, string, string?, string?]>): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [name, body, type, prefix] of files) {
    const data = new TextEncoder().encode(body);
    parts.push(header(name, data.length, type, prefix));
    const padded = new Uint8Array(Math.ceil(data.length / 512) * 512);
    padded.set(data);
    parts.push(padded);
  }
  parts.push(new Uint8Array(1024));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('voice data set archive', () => {
  it('lists regular files with their bytes, skipping directories, with ustar prefixes', async () => {
    const tar = archive([
      ['samples/', '', '5'],
      ['manifest.json', '{"version":1}'],
      ['a.wav', 'x'.repeat(700), '0', 'samples'],
    ]);
    const entries = untar(await gunzip(new Uint8Array(gzipSync(tar))));
    expect(entries.map((e) => [e.name, e.data.length])).toEqual([
      ['manifest.json', 13],
      ['samples/a.wav', 700],
    ]);
    expect(new TextDecoder().decode(entries[0]?.data)).toBe('{"version":1}');
  });

  it('refuses names leaving the archive and a file cut short', () => {
    expect(() => untar(archive([['../evil', 'x']]))).toThrow(/Unsafe/);
    expect(() => untar(archive([['manifest.json', 'x'.repeat(600)]]).subarray(0, 900))).toThrow(
      /ends inside/,
    );
  });
});
