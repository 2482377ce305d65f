import type { TFunction } from 'i18next';

/** A field's problem, below it (the e2e tests find an action's delay problem by `testId`). */
export function FieldProblem({ text, testId }: { text: string | null; testId?: string }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-1.5 px-1 text-[13px] text-danger" data-testid={testId}>
      {text}
    </p>
  );
}

/** A field's message key under `automation.` in words (a rule's, or what only the contract refused). */
export const rejectedText = (key: string | undefined, t: TFunction) =>
  key ? t(`automation.${key}` as 'automation.errors.rejected') : null;
