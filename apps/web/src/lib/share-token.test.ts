import { describe, expect, it } from 'vitest';
import { shareTokenOf } from './share-token.ts';

describe('shareTokenOf', () => {
  const token = 'ZBRTvj_gBmrpbo0Tu8Q-Pp2JSMld5Zvv';
  it('reads the token from a link or takes a bare token', () => {
    expect(shareTokenOf(`https://home.example/share/${token}`)).toBe(token);
    expect(shareTokenOf(` ${token} `)).toBe(token);
    expect(shareTokenOf(`https://home.example/share/${token}?x=1`)).toBe(token);
  });
  it('refuses anything else', () => {
    expect(shareTokenOf('https://home.example/other/abc')).toBeNull();
    expect(shareTokenOf('short')).toBeNull();
  });
});
