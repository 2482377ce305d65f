import type { ModelProfile } from '@hestia/catalog';
import { useTranslation } from 'react-i18next';
import { catalogKeyName } from '../../i18n/catalog-text.ts';
import { pushKeysOf } from './setting-links.ts';
import { useKeyLabelsQuery } from './settings-data.ts';

/** The number a titled slot carries: relay_2 → 2, key_three_status → 3, curtain_name1 → 1. */
export function slotNumber(profile: ModelProfile | undefined, key: string): number {
  const push = profile ? pushKeysOf(profile).indexOf(key) : -1;
  if (push >= 0) return push + 1;
  const m = /(\d+)$/.exec(key);
  return m ? Number(m[1]) : 1;
}

/**
 * Titles of a device's keys: the user's own (`key-labels`) when set, otherwise the catalogue's name of
 * the key (`relay_2` reads "Output 2", as automations, timers and reports call it; i18n/catalog-text.ts),
 * or "Curtain n" / "Key n" for curtains and push buttons, in the user's language.
 */
export function useKeyTitles(id: string, profile: ModelProfile | undefined) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  const labels = useKeyLabelsQuery(id);
  return (key: string): string => {
    const own = labels.data?.labels.find((l) => l.key === key)?.title;
    if (own) return own;
    if (/^relay_\d+$/.test(key)) return catalogKeyName(key, t, i18n.language);
    const n = fmt.format(slotNumber(profile, key));
    return key.startsWith('curtain') || key.startsWith('position')
      ? t('deviceSettings.curtains.default', { n })
      : t('deviceSettings.keys.default', { n });
  };
}
