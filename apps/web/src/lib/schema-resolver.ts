import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ContractSchema } from './contract-resolver.ts';

/** One problem of a form: the field that shows it, and its message key (translated where shown). */
export type FieldProblem<Values> = readonly [field: keyof Values & string, key: string];

/**
 * One schema a form's values must pass: a contract (or shared) zod schema, the value made from the
 * form that it checks, and the field and message key each of its issues is shown with (by the issue's
 * path inside that value).
 */
export interface SchemaCheck<Values> {
  schema: ContractSchema;
  value: unknown;
  problemAt(path: readonly PropertyKey[]): FieldProblem<Values>;
}

/**
 * A react-hook-form resolver for a form checked by rules and by schemas: the rules (what no schema
 * knows: a catalogue key's range, a shared rule with its message key), then each schema on the value
 * made from the form, its issues shown on the field their path names. Every field shows its first
 * problem (a rule's before a schema's), so each wrong field is marked at once.
 */
export function schemaResolver<Values extends FieldValues>(options: {
  rules(values: Values): readonly FieldProblem<Values>[];
  checks(values: Values): readonly SchemaCheck<Values>[];
}): Resolver<Values> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, key] of options.rules(values)) errors[field] ??= { type: 'rule', message: key };
    for (const check of options.checks(values)) {
      const parsed = check.schema.safeParse(check.value);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        const [field, key] = check.problemAt(issue.path);
        errors[field] ??= { type: 'schema', message: key };
      }
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<Values> };
  };
}
