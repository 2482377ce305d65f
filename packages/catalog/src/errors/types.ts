import type { Source } from '../types.ts';

export type Language = 'en' | 'fa' | 'ar' | 'tr';
export const languages: readonly Language[] = ['en', 'fa', 'ar', 'tr'];

export type Messages = Readonly<Record<Language, string>>;

/**
 * One entry of the error catalogue. A `fault` is reported by the device as telemetry; a `refusal`
 * is the answer to a command a rule or limit forbids.
 */
export interface ErrorDef {
  code: string;
  kind: 'fault' | 'refusal';
  /** What firmware puts in `error_code` when it reports the fault (e.g. `E1`). */
  wire: string;
  /** Status flags firmware also raises, where the family declares them (e.g. `b_e1`, `no_water`). */
  flags?: readonly string[];
  messages: Messages;
  /** `given` when the spec names the error; `chosen` for codes it only bounds (boiler E7..E99). */
  source: Source;
}

export const m = (en: string, fa: string, ar: string, tr: string): Messages => ({ en, fa, ar, tr });
