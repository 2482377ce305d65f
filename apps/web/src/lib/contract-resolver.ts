import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What the resolver needs of a contract schema: zod's `safeParse`, without importing zod here. */
interface ContractSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/**
 * A react-hook-form resolver for a form whose body is one of the contract's zod schemas: the app's
 * own rules first (they name the problem in the user's language, as translation keys), then the
 * contract's schema on the body, so the form never sends what the server would refuse. A problem only
 * the schema finds is reported on its field with that field's `fallback` key.
 */
export function contractResolver<Values extends FieldValues>(
  schema: ContractSchema,
  toBody: (values: Values) => unknown,
  rules: (values: Values) => Partial<Record<keyof Values & string, string>>,
  fallback: Partial<Record<keyof Values & string, string>>,
): Resolver<Values> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, key] of Object.entries(rules(values)))
      if (key) errors[field] = { type: 'rule', message: key as string };
    if (Object.keys(errors).length === 0) {
      const parsed = schema.safeParse(toBody(values));
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          const key = fallback[field as keyof Values & string];
          if (key && !errors[field]) errors[field] = { type: 'contract', message: key };
        }
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<Values> };
  };
}
