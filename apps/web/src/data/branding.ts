import type { Branding } from '@hestia/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18n } from '../i18n/index.ts';
import { FLAVOUR, flavourCss } from '../lib/flavour.ts';
import { api } from './api.ts';

/**
 * The company of this build's white-label flavour (docs/decisions/042), from `GET branding` (the
 * server reads the company header the client sends). Only a flavour's build asks; the app's own
 * build is the default company and asks nothing.
 */
export function useBranding(opts: { always?: boolean } = {}): Branding | undefined {
  const query = useQuery({
    queryKey: ['branding', FLAVOUR],
    queryFn: () => api.call('branding', {}),
    // The about screen asks in every build: the support contact is the server's to say.
    enabled: FLAVOUR !== undefined || opts.always === true,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data;
}

/** The company's name as `app.name` in every language, loaded now or later. */
function nameEverywhere(name: string): () => void {
  const put = (lng: string) => {
    if (i18n.hasResourceBundle(lng, 'translation'))
      i18n.addResource(lng, 'translation', 'app.name', name, { silent: true });
  };
  for (const lng of Object.keys(i18n.store.data)) put(lng);
  // A language fetched later (i18n/index.ts adds its bundle) gets the name too.
  const onAdded = (lng: string) => put(lng);
  i18n.store.on('added', onAdded);
  void i18n.changeLanguage(i18n.language);
  return () => i18n.store.off('added', onAdded);
}

/**
 * Puts the flavour's company on the app: its name wherever the app says its own (`app.name`: titles,
 * sign-in, about), its accent colours over the theme's, and the page's theme colour.
 */
export function BrandingEffect(): null {
  const branding = useBranding();
  useEffect(() => {
    if (!branding) return;
    const style = document.createElement('style');
    style.id = 'flavour-colours';
    style.textContent = flavourCss(branding.colours);
    document.head.append(style);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.colours.accent);
    const stop = nameEverywhere(branding.name);
    return () => {
      style.remove();
      stop();
    };
  }, [branding]);
  return null;
}
