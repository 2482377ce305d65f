import type { ButtonHTMLAttributes, ComponentType } from 'react';
import { Spinner } from '../components/Spinner.tsx';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  /** `pill`: sized by its label; `block`: a full-width form button. */
  shape?: 'pill' | 'block';
  busy?: boolean;
  icon?: ComponentType<{ size?: number }>;
  /**
   * A pill sized by its label (Send QR image, Download CSV): the label stays on one line and a row of
   * pills wraps whole pills instead. Without it a long label (fa, tr) wraps inside a full-width button.
   */
  nowrap?: boolean;
};

const VARIANTS = {
  primary: 'bg-accent text-on-accent shadow-[0_8px_20px_-10px_var(--hx-accent)]',
  secondary: 'bg-surface text-ink ring-1 ring-line hover:bg-surface-2',
  // on-danger keeps the label at ≥ 4.5:1 in both schemes (white on the dark scheme's red was 2.77:1).
  danger: 'bg-danger text-on-danger',
  ghost: 'text-accent-text hover:bg-accent-soft',
} as const;

const SHAPES = {
  pill: 'h-12 rounded-full px-6 text-[15px] active:scale-[0.98] disabled:opacity-50',
  block: 'h-13 w-full rounded-2xl px-5 text-base active:scale-[0.99] disabled:opacity-80',
} as const;

/**
 * The one button. A native <button>: it is already accessible, and the kit's behaviour-heavy parts
 * (React Aria) stay off the first load this way.
 */
export function Button({
  variant = 'primary',
  shape = 'pill',
  busy,
  icon: Icon,
  children,
  className = '',
  disabled,
  nowrap = false,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 font-semibold transition ${SHAPES[shape]} ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {busy ? <Spinner size={18} /> : Icon ? <Icon size={20} /> : null}
      <span className={nowrap ? 'whitespace-nowrap' : 'min-w-0 text-center leading-tight'}>{children}</span>
    </button>
  );
}

/** A form's submit button. */
export function PrimaryButton(props: Omit<ButtonProps, 'variant' | 'shape'>) {
  return <Button type="submit" shape="block" {...props} />;
}

export function SecondaryButton(props: Omit<ButtonProps, 'variant' | 'shape'>) {
  return <Button variant="secondary" shape="block" {...props} />;
}
