import { describe, expect, it } from 'vitest';
import { flavourIcon, flavourOf, shade } from './flavour-build.ts';

describe('a flavour build', () => {
  it('takes its company from the flavours table, refuses an unknown one, none for the app itself', () => {
    expect(flavourOf(' Aurora ')?.name).toBe('Aurora Living');
    expect(flavourOf(undefined)).toBeUndefined();
    expect(flavourOf('')).toBeUndefined();
    expect(() => flavourOf('acme')).toThrow(/VITE_FLAVOUR=acme is not a flavour .*hestia, aurora/);
  });

  it('draws the house in the company accent, named by it', () => {
    expect(shade('#e0862d', 0)).toBe('#e0862d');
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#808080', -0.5)).toBe('#404040');
    const company = flavourOf('aurora');
    if (!company) throw new Error('no aurora');
    const svg = flavourIcon(
      '<svg><title>Hestia</title><stop stop-color="#3DD3E6"/><stop stop-color="#0FA3BA"/></svg>',
      { ...company, name: 'A & B' },
    );
    expect(svg).toBe(
      '<svg><title>A &amp; B</title><stop stop-color="#e69e57"/><stop stop-color="#c57628"/></svg>',
    );
  });
});
