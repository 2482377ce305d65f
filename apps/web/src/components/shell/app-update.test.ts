import { describe, expect, it } from 'vitest';
import { megabytes, offersUpdate, sha256Hex } from './app-update.ts';

const info = (version: string) => ({
  version,
  size: 5_400_000,
  sha256: 'a'.repeat(64),
  fileName: `hestia-${version}.apk`,
});

describe('the app-update offer', () => {
  it('offers a published version newer than the app, number by number', () => {
    expect(offersUpdate(info('0.2.0'), '0.1.0', null)).toBe(true);
    expect(offersUpdate(info('0.10.0'), '0.9.3', null)).toBe(true);
    expect(offersUpdate(info('0.1.0'), '0.1.0', null)).toBe(false);
    expect(offersUpdate(info('0.0.9'), '0.1.0', null)).toBe(false);
    expect(offersUpdate(undefined, '0.1.0', null)).toBe(false);
    expect(offersUpdate(info('beta'), '0.1.0', null)).toBe(false);
  });

  it('asks again only for a version newer than the one put off', () => {
    expect(offersUpdate(info('0.2.0'), '0.1.0', '0.2.0')).toBe(false);
    expect(offersUpdate(info('0.3.0'), '0.1.0', '0.2.0')).toBe(true);
    expect(offersUpdate(info('0.2.0'), '0.1.0', 'garbage')).toBe(true);
  });

  it('says the size in megabytes and checks the SHA-256 of the bytes', async () => {
    expect(megabytes(5_400_000)).toBe(5.1);
    expect(megabytes(10)).toBe(0.1);
    expect(await sha256Hex(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
