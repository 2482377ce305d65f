import { useProfileQuery } from '../../data/account.ts';
import { browserTimeZone } from './timer-lib.ts';

/** The zone schedules run in (spec section 3: the user's time zone), the browser's until the profile loads. */
export function useTimeZone(): string {
  const profile = useProfileQuery();
  return profile.data?.timeZone || browserTimeZone();
}
