import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ContractSchema } from '../../lib/contract-resolver.ts';

/** One problem of a draft: the form field that shows it, and its message key (translated on display). */
export type DraftProblem<Values> = readonly [field: keyof Values & string, key: string];

/**
 * A react-hook-form resolver for an editor whose form (a draft: dates as civil dates, numbers as typed
 * text) is not the body the server receives. The app's rules run on the draft first (the shared
 * @hestia/automation validation, the same the server applies, with its message keys); then the body
 * made from the draft is checked with the contract's zod schema, so the form never sends what the
 * server would refuse. A problem only the schema finds is shown on the field `fieldOf` names for the
 * body's field (else on `other`), with the `rejected` key.
 */
export function draftResolver<Values extends FieldValues>(options: {
  schema: ContractSchema;
  toBody(values: Values): unknown;
  rules(values: Values): readonly DraftProblem<Values>[];
  fieldOf: Partial<Record<string, keyof Values & string>>;
  other: keyof Values & string;
  rejected: string;
}): Resolver<Values> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, key] of options.rules(values)) errors[field] ??= { type: 'rule', message: key };
    if (Object.keys(errors).length === 0) {
      const parsed = options.schema.safeParse(options.toBody(values));
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const field = options.fieldOf[String(issue.path[0] ?? '')] ?? options.other;
          errors[field] ??= { type: 'contract', message: options.rejected };
        }
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<Values> };
  };
}
