import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import { forwardRef, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUT } from './styles.ts';

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-2 flex items-start gap-1.5 text-sm text-danger">
      <CircleAlertIcon size={16} className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}

/**
 * A label, its control, and an error or hint tied to it by aria-describedby. Plain elements, not React
 * Aria Components (docs/decisions/033): RAC's TextField holds the value in its own state and would
 * undo what react-hook-form sets on the uncontrolled input (reset, setValue); RAC's Input and Label
 * only add hover and focus data attributes here, and cost the login screen, a first screen, 6.5 KB
 * brotli (+38 % of its chunk) and about 0.1 s of first paint.
 */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-2 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null | undefined;
  hint?: string;
  /** The value as text, for a controlled field (`onChange` still gets the event). */
  onValueChange?(value: string): void;
  testId?: string;
};

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, error, hint, className = '', onValueChange, onChange, testId, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error ?? undefined} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          data-testid={testId}
          className={`${INPUT} ${className}`}
          onChange={(e) => {
            onChange?.(e);
            onValueChange?.(e.target.value);
          }}
          {...rest}
        />
      )}
    </Field>
  );
});

export const PasswordField = forwardRef<
  HTMLInputElement,
  Omit<InputProps, 'type' | 'onValueChange' | 'testId'>
>(function PasswordField({ label, error, hint, ...rest }, ref) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error ?? undefined} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            ref={ref}
            id={id}
            type={shown ? 'text' : 'password'}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`${INPUT} pe-13`}
            {...rest}
          />
          <button
            type="button"
            onClick={() => setShown((v) => !v)}
            aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={shown}
            className="absolute inset-y-0 end-1 my-auto grid size-11 place-items-center rounded-xl text-muted hover:text-ink"
          >
            {shown ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
        </div>
      )}
    </Field>
  );
});
