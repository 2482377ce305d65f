import type { Branding } from './routes-system.ts';

/**
 * The companies of the app's white-label flavours (docs/decisions/042). The first is the default,
 * answered without a company header or for one not listed here. `aurora` is the demo's flavour: the
 * web app built with VITE_FLAVOUR=aurora sends `x-company: aurora` and is shown as Aurora Living.
 * A new flavour is one more entry here and a build of the web app with its id. The server answers
 * `GET branding` from it, and the web app's build names and colours its manifest, page and icon by it
 * (a flavour's build reads this file at build time: only type imports here).
 */
export const FLAVOURS: readonly Branding[] = [
  {
    company: 'hestia',
    name: 'Hestia',
    // The spec's default colour, cyan #1FBCD2 (section 9), as the web app's theme has it.
    colours: { accent: '#1fbcd2', accentText: '#066c7c', onAccent: '#04282f' },
    support: { email: 'support@hestia.local', phone: '+1 555 010 0100' },
  },
  {
    company: 'aurora',
    name: 'Aurora Living',
    colours: { accent: '#e0862d', accentText: '#8a4a0c', onAccent: '#2b1604' },
    support: {
      email: 'help@aurora-living.example',
      phone: '+44 20 7946 0958',
      url: 'https://aurora-living.example/support',
    },
  },
];

/** The company a header names (case and spaces aside), else the default. */
export function brandingFor(header: string | string[] | undefined): Branding {
  const id = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return FLAVOURS.find((f) => f.company === id) ?? (FLAVOURS[0] as Branding);
}
