import type { Plugin } from 'vite';
import { FLAVOURS } from '../../../../packages/contract/src/flavours.ts';
import type { Branding } from '../../../../packages/contract/src/routes-system.ts';

/** The default company's name and colour as the page and its files carry them. */
const DEFAULT_NAME = 'Hestia';
const DEFAULT_ACCENT = /#1fbcd2/gi;
/** favicon.svg's gradient, the default accent's light and dark ends. */
const ICON_GRADIENT = [/#3DD3E6/gi, /#0FA3BA/gi] as const;

/**
 * The company a flavour build is for (`VITE_FLAVOUR`, docs/decisions/042), from the flavours table the
 * server answers `GET branding` from; undefined for the app's own build. An id the table lacks stops
 * the build: a flavour shown as Hestia would be a wrong app on the user's home screen.
 */
export function flavourOf(id: string | undefined): Branding | undefined {
  const wanted = id?.trim().toLowerCase();
  if (!wanted) return undefined;
  const found = FLAVOURS.find((f) => f.company === wanted);
  if (!found)
    throw new Error(
      `VITE_FLAVOUR=${wanted} is not a flavour (packages/contract/src/flavours.ts has ${FLAVOURS.map((f) => f.company).join(', ')})`,
    );
  return found;
}

/** A colour `#rrggbb` mixed with white (amount > 0) or black (< 0), for the icon's gradient. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The default icon (favicon.svg's text) in a company's name and accent. */
export function flavourIcon(svg: string, company: Branding): string {
  return svg
    .replace(`<title>${DEFAULT_NAME}</title>`, `<title>${escapeXml(company.name)}</title>`)
    .replace(ICON_GRADIENT[0], shade(company.colours.accent, 0.2))
    .replace(ICON_GRADIENT[1], shade(company.colours.accent, -0.12));
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

/**
 * A flavour build's page before any script runs: its title, home-screen title, theme colour and the
 * boot splash (name and icon colour) say the company, not Hestia; the favicon is the same house in its
 * accent (`favicon.svg` is replaced in the output). The manifest's name and colour are set in
 * vite.config.ts from the same `flavourOf`. The PNG icons stay the default's (no rasteriser at build).
 */
export function flavourPage(company: Branding | undefined, defaultIcon: () => string): Plugin {
  return {
    name: 'hestia-flavour-page',
    apply: 'build',
    transformIndexHtml(html) {
      if (!company) return html;
      const name = escapeXml(company.name);
      return html
        .replaceAll(`<title>${DEFAULT_NAME}</title>`, `<title>${name}</title>`)
        .replace(/(apple-mobile-web-app-title" content=")Hestia"/, `$1${name}"`)
        .replace(/<span>Hestia<\/span>/, `<span>${name}</span>`)
        .replace(DEFAULT_ACCENT, company.colours.accent);
    },
    generateBundle() {
      if (!company) return;
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: flavourIcon(defaultIcon(), company) });
    },
  };
}
