import { describe, expect, it } from 'vitest';
import { flavourCss, withAlpha } from './flavour.ts';

describe('flavour colours', () => {
  it('turns #rrggbb into rgb with an alpha', () => {
    expect(withAlpha('#e0862d', 0.14)).toBe('rgb(224 134 45 / 0.14)');
    expect(withAlpha('#1FBCD2', 0.18)).toBe('rgb(31 188 210 / 0.18)');
  });

  it("puts the company's accent over the theme's, light and both dark selectors", () => {
    const css = flavourCss({ accent: '#e0862d', accentText: '#8a4a0c', onAccent: '#2b1604' });
    expect(css).toContain(
      ':root { --hx-accent: #e0862d; --hx-accent-text: #8a4a0c; --hx-on-accent: #2b1604; --hx-accent-soft: rgb(224 134 45 / 0.14); }',
    );
    expect(css).toContain(
      '@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { --hx-accent-text: #e0862d;',
    );
    expect(css).toContain(':root[data-theme="dark"] { --hx-accent-text: #e0862d;');
  });
});
