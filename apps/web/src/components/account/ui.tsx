import {
  type ButtonHTMLAttributes,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, EyeIcon, EyeOffIcon } from '../../ui/icons.tsx';
import { Spinner } from '../Spinner.tsx';

export const INPUT =
  'h-13 w-full rounded-2xl border border-line bg-surface-2 px-4 text-base text-ink outline-none transition placeholder:text-muted/70 focus:border-accent focus:bg-surface focus:ring-4 focus:ring-accent-soft aria-invalid:border-danger aria-invalid:focus:ring-danger-soft disabled:opacity-70';

export const CARD = 'rounded-3xl bg-surface shadow-card ring-1 ring-line/60';

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-2 flex items-start gap-1.5 text-sm text-danger">
      <AlertIcon size={16} className="mt-0.5 shrink-0" />
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

/** A label, its control, and an error or hint tied to it by aria-describedby. */
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
  error?: string | undefined;
  hint?: string;
};

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, error, hint, className = '', ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={`${INPUT} ${className}`}
          {...rest}
        />
      )}
    </Field>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(function PasswordField(
  { label, error, hint, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error} hint={hint}>
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

export function PrimaryButton({
  busy,
  children,
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy || rest.disabled}
      className={`flex h-13 w-full items-center justify-center gap-2.5 rounded-2xl bg-accent px-5 text-base font-semibold text-on-accent shadow-[0_10px_24px_-12px_var(--hx-accent)] transition hover:brightness-105 active:scale-[0.99] disabled:cursor-progress disabled:opacity-80 ${className}`}
      {...rest}
    >
      {busy ? <Spinner size={18} /> : null}
      {children}
    </button>
  );
}

export function SecondaryButton({ className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`flex h-13 w-full items-center justify-center gap-2 rounded-2xl bg-surface-2 px-5 text-base font-semibold text-ink ring-1 ring-line transition hover:bg-line/60 ${className}`}
      {...rest}
    />
  );
}

export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="flex items-start gap-2.5 rounded-2xl bg-danger-soft px-4 py-3 text-sm text-danger"
    >
      <AlertIcon size={18} className="mt-px shrink-0" />
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

/** Two or more options as one pill row (a radio group: arrow keys move, one tab stop). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange(value: T): void;
  testId?: string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-surface-2 p-1 ring-1 ring-line/60"
    >
      {options.map((o) => (
        <label
          key={o.value}
          className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-3 text-sm font-semibold transition has-focus-visible:ring-2 has-focus-visible:ring-accent ${
            value === o.value ? 'bg-surface text-ink shadow-card' : 'text-muted hover:text-ink'
          }`}
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            data-testid={testId ? `${testId}-${o.value}` : undefined}
            className="sr-only"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
