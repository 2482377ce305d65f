const cache = new Map<string, Intl.NumberFormat>();

/** Numbers in the interface language's own digits (Persian and Arabic digits for fa and ar). */
export function formatNumber(value: number, language: string, maximumFractionDigits = 1): string {
  const id = `${language}:${maximumFractionDigits}`;
  let format = cache.get(id);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits });
    cache.set(id, format);
  }
  return format.format(value);
}
