import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What the resolver needs of a contract schema: zod's `safeParse`, without importing zod here. */
export interface ContractSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/**
 * The schema a submit is checked against: one schema, or a function of the form's `context` that
 * gives it (at once, or loaded). `null` for a form of the first load, which takes no zod (decision
 * 023; a contract chunk loaded from the login screen was bundled with the password rules it shares and
 * came with the login, +29 KB gzip): its rules are the app's own, which hold at least the contract's.
 */
export type SchemaSource<Context> =
  | ContractSchema
  | ((context: Context) => ContractSchema | Promise<ContractSchema>);

/**
 * A react-hook-form resolver for a form whose body is one of the contract's zod schemas: the app's
 * own rules first (they name the problem in the user's language, as translation keys), then the
 * contract's schema on the body, so the form never sends what the server would refuse. A problem only
 * the schema finds is reported on its field with that field's `fallback` key. `context` is useForm's
 * (the step of a form that has several).
 */
export function contractResolver<Values extends FieldValues, Context = undefined>(
  schema: SchemaSource<Context> | null,
  toBody: (values: Values, context: Context) => unknown,
  rules: (values: Values, context: Context) => Partial<Record<keyof Values & string, string>>,
  fallback: Partial<Record<keyof Values & string, string>>,
): Resolver<Values, Context> {
  return async (values, context) => {
    const ctx = context as Context;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, key] of Object.entries(rules(values, ctx)))
      if (key) errors[field] = { type: 'rule', message: key as string };
    if (schema && Object.keys(errors).length === 0) {
      const checked = typeof schema === 'function' ? await schema(ctx) : schema;
      const parsed = checked.safeParse(toBody(values, ctx));
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
