import { deviceTypeTitle, familyTitle, type ModelProfile } from '@hestia/catalog';
import { useTranslation } from 'react-i18next';
import { humanize } from '../../i18n/catalog-text.ts';
import { GENERIC_BRAND } from './device-link.ts';

const LOCAL_DIGITS = /[۰-۹٠-٩]/g;

/** Persian and Arabic digits typed into a search read as the Latin ones model codes are printed with. */
export const latinDigits = (text: string) =>
  text.replace(LOCAL_DIGITS, (d) => String((d.charCodeAt(0) - (d >= '۰' ? 0x6f0 : 0x660)) % 10));

/** Names of models, families and brands in the user's language (the `device` texts), for these screens. */
export function useModelNames() {
  const { t, i18n } = useTranslation();
  const words = (key: string, fallback: string) => (i18n.exists(key) ? String(t(key as never)) : fallback);
  return {
    model: (p: Pick<ModelProfile, 'deviceType'>) => words(deviceTypeTitle(p), humanize(p.deviceType)),
    family: (titleKey: string, id: string) => words(titleKey, humanize(id)),
    familyOf: (p: Pick<ModelProfile, 'family'>) => words(familyTitle(p.family), humanize(p.family)),
    brand: (brand: { id: string; name: string }) => (brand.id === GENERIC_BRAND ? t('app.name') : brand.name),
  };
}
