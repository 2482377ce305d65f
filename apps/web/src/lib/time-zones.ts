/**
 * The time zones offered for the profile: the browser's IANA list, always with the profile's own zone
 * (`UTC` and aliases such as `Asia/Calcutta` are not in `Intl.supportedValuesOf`), so the editor opens
 * on the zone the profile has and Save keeps it unless the user picks another.
 */
export function timeZoneOptions(current: string, supported: readonly string[] | undefined): string[] {
  const list = supported?.length ? [...supported] : [];
  const own = current || 'UTC';
  if (!list.includes(own)) list.unshift(own);
  return list;
}

export function supportedTimeZones(): string[] | undefined {
  return (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
}
