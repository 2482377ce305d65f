/** Class strings of the kit's surfaces, for the few places that draw one without a kit component. */

/** A raised card: the screens' main surface. */
export const CARD = 'rounded-3xl bg-surface shadow-card ring-1 ring-line/60';

/** A text input (TextField, PasswordField, and the few bare inputs that share their look). */
export const INPUT =
  'h-13 w-full rounded-2xl border border-line bg-surface-2 px-4 text-base text-ink outline-none transition placeholder:text-muted/70 focus:border-accent focus:bg-surface focus:ring-4 focus:ring-accent-soft aria-invalid:border-danger aria-invalid:focus:ring-danger-soft disabled:opacity-70';

/** The device grid: two columns on a phone, more on wider screens. */
export const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** Header buttons: 44 px round, quiet. */
export const HEADER_BUTTON =
  'grid size-11 place-items-center rounded-full bg-surface text-ink shadow-card ring-1 ring-line/60 hover:bg-surface-2';
