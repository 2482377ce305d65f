/**
 * The white-label flavour this build of the app is (docs/decisions/042): its company id, set at
 * build time (`VITE_FLAVOUR=aurora npm run build -w apps/web`), sent to the server on every call as
 * the company header. Undefined in the app's own build: no header, the default company.
 */
export const FLAVOUR: string | undefined = import.meta.env.VITE_FLAVOUR?.trim().toLowerCase() || undefined;

/** `#rrggbb` to `rgb(r g b / alpha)`, for the accent's soft background. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255} / ${alpha})`;
}

/**
 * The stylesheet that puts a company's accent colours over the theme's (styles.css's `--hx-accent*`),
 * light and dark: on dark surfaces the accent itself is the readable accent text.
 */
export function flavourCss(c: { accent: string; accentText: string; onAccent: string }): string {
  const dark = `--hx-accent-text: ${c.accent}; --hx-accent-soft: ${withAlpha(c.accent, 0.18)};`;
  return [
    `:root { --hx-accent: ${c.accent}; --hx-accent-text: ${c.accentText}; --hx-on-accent: ${c.onAccent}; --hx-accent-soft: ${withAlpha(c.accent, 0.14)}; }`,
    `@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { ${dark} } }`,
    `:root[data-theme="dark"] { ${dark} }`,
  ].join('\n');
}
