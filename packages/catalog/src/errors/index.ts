import { boilerFaults, fridgeFaults } from './appliance.ts';
import { commonFaults, motorFaults } from './faults.ts';
import { refusalErrors } from './refusals.ts';
import type { ErrorDef, Language } from './types.ts';

export * from './types.ts';

/** The whole error catalogue, by code. */
export const errorCatalogue: readonly ErrorDef[] = [
  ...commonFaults,
  ...motorFaults,
  ...fridgeFaults,
  ...boilerFaults,
  ...refusalErrors,
];

const byCode = new Map(errorCatalogue.map((e) => [e.code, e]));

export function getError(code: string): ErrorDef | undefined {
  return byCode.get(code);
}

/** The message of an error in a language; the code itself for an unknown code. */
export function errorMessage(code: string, lang: Language): string {
  return byCode.get(code)?.messages[lang] ?? code;
}

/** Codes by prefix, for model declarations (`codesOf('boiler.')`). */
export function codesOf(prefix: string): string[] {
  return errorCatalogue.filter((e) => e.code.startsWith(prefix)).map((e) => e.code);
}
