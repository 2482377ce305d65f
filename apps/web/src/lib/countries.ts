/** Countries offered for a mobile number: ISO code and calling code. Names come from Intl.DisplayNames. */
export const COUNTRIES: ReadonlyArray<{ iso: string; dial: string }> = [
  { iso: 'IR', dial: '98' },
  { iso: 'TR', dial: '90' },
  { iso: 'AE', dial: '971' },
  { iso: 'SA', dial: '966' },
  { iso: 'IQ', dial: '964' },
  { iso: 'QA', dial: '974' },
  { iso: 'KW', dial: '965' },
  { iso: 'OM', dial: '968' },
  { iso: 'BH', dial: '973' },
  { iso: 'EG', dial: '20' },
  { iso: 'AF', dial: '93' },
  { iso: 'AZ', dial: '994' },
  { iso: 'GB', dial: '44' },
  { iso: 'DE', dial: '49' },
  { iso: 'FR', dial: '33' },
  { iso: 'NL', dial: '31' },
  { iso: 'SE', dial: '46' },
  { iso: 'US', dial: '1' },
  { iso: 'CA', dial: '1' },
  { iso: 'AU', dial: '61' },
];

/** The country a language most likely means; none for English, so the user picks. */
export function defaultCountryFor(language: string): string {
  return language === 'fa' ? 'IR' : language === 'tr' ? 'TR' : language === 'ar' ? 'AE' : '';
}

export function dialOf(iso: string): string | undefined {
  return COUNTRIES.find((c) => c.iso === iso)?.dial;
}

/** The name of a country in the interface language. */
export function countryName(iso: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(iso) ?? iso;
  } catch {
    return iso;
  }
}

/** `+{dial}{national}`; a national number's trunk 0 is dropped (0912… in Iran is +98 912…). */
export function toE164(iso: string, national: string): string {
  const dial = dialOf(iso) ?? '';
  return `+${dial}${national.replace(/^0+/, '')}`;
}
