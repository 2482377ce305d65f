import CheckIcon from 'lucide-react/icons/check';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import type { ReactNode } from 'react';

export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="flex items-start gap-2.5 rounded-2xl bg-danger-soft px-4 py-3 text-sm text-danger"
    >
      <CircleAlertIcon size={18} className="mt-px shrink-0" />
      <span>{children}</span>
    </div>
  );
}

export function FormSuccess({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="flex items-start gap-2.5 rounded-2xl bg-accent-soft px-4 py-3 text-sm text-accent-text"
    >
      <CheckIcon size={18} className="mt-px shrink-0" />
      <span>{children}</span>
    </div>
  );
}
