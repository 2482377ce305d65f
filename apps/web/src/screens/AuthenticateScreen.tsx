import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, EyeIcon, EyeOffIcon, LogoMark } from '../components/icons.tsx';
import { LanguageSelect } from '../components/LanguageSelect.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { api, wsBaseUrl } from '../data/api.ts';
import { errorText } from '../data/errors.ts';
import { useAuthStore } from '../state/auth-store.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type EmailError = 'emailRequired' | 'emailInvalid';
type PasswordError = 'passwordRequired';

/** Spec section 5: email required and valid; password cannot be empty. */
export function validateLogin(
  email: string,
  password: string,
): { email?: EmailError; password?: PasswordError } {
  const trimmed = email.trim();
  return {
    ...(trimmed === '' ? { email: 'emailRequired' } : EMAIL.test(trimmed) ? {} : { email: 'emailInvalid' }),
    ...(password === '' ? { password: 'passwordRequired' } : {}),
  };
}

const INPUT =
  'h-13 w-full rounded-2xl border border-line bg-surface-2 px-4 text-base text-ink outline-none transition placeholder:text-muted/70 focus:border-accent focus:bg-surface focus:ring-4 focus:ring-accent-soft aria-invalid:border-danger aria-invalid:focus:ring-danger-soft disabled:opacity-70';

export default function AuthenticateScreen() {
  const { t } = useTranslation();
  const emailId = useId();
  const passwordId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState({ email: false, password: false });

  const login = useMutation({
    mutationFn: (input: { email: string; password: string }) => api.login(input.email, input.password),
    onSuccess: (result) =>
      useAuthStore
        .getState()
        .login(result, `${wsBaseUrl()}/api/ws/plugins/telemetry?token=${encodeURIComponent(result.token)}`),
  });

  useEffect(() => {
    document.title = `${t('auth.submit')} · ${t('app.name')}`;
  }, [t]);

  const errors = validateLogin(email, password);
  const emailError = touched.email ? errors.email : undefined;
  const passwordError = touched.password ? errors.password : undefined;
  const busy = login.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTouched({ email: true, password: true });
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    login.mutate({ email: email.trim(), password });
  };

  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(ellipse_at_top,var(--hx-accent-soft),transparent_70%)]"
      />
      <header className="relative flex items-center justify-between gap-3 px-5 pt-[calc(env(safe-area-inset-top)+1rem)] sm:px-8">
        <div className="flex items-center gap-2.5">
          <LogoMark size={36} className="drop-shadow-sm" />
          <span className="text-lg font-bold tracking-tight">{t('app.name')}</span>
        </div>
        <LanguageSelect />
      </header>

      <main className="relative flex flex-1 items-start justify-center px-5 pt-10 pb-10 sm:items-center sm:pt-6">
        <div className="w-full max-w-[420px]">
          <h1 className="text-[28px] leading-tight font-bold tracking-tight">{t('auth.title')}</h1>
          <p className="mt-2 text-muted">{t('auth.subtitle')}</p>

          <form
            noValidate
            onSubmit={onSubmit}
            aria-busy={busy}
            className="mt-8 space-y-5 rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60 sm:p-7"
          >
            <div>
              <label htmlFor={emailId} className="mb-2 block text-sm font-medium">
                {t('auth.email')}
              </label>
              <input
                ref={emailRef}
                id={emailId}
                data-testid="login-email"
                type="email"
                name="email"
                inputMode="email"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                placeholder={t('auth.emailPlaceholder')}
                value={email}
                readOnly={busy}
                onChange={(e) => setEmail(e.target.value)}
                onBlur={() => email !== '' && setTouched((s) => ({ ...s, email: true }))}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${emailId}-error` : undefined}
                className={`${INPUT} rtl:text-right`}
              />
              {emailError ? (
                <p id={`${emailId}-error`} className="mt-2 flex items-center gap-1.5 text-sm text-danger">
                  <AlertIcon size={16} className="shrink-0" />
                  {t(`auth.validation.${emailError}`)}
                </p>
              ) : null}
            </div>

            <div>
              <label htmlFor={passwordId} className="mb-2 block text-sm font-medium">
                {t('auth.password')}
              </label>
              <div className="relative">
                <input
                  ref={passwordRef}
                  id={passwordId}
                  data-testid="login-password"
                  type={showPassword ? 'text' : 'password'}
                  name="password"
                  autoComplete="current-password"
                  placeholder={t('auth.passwordPlaceholder')}
                  value={password}
                  readOnly={busy}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? `${passwordId}-error` : undefined}
                  className={`${INPUT} pe-13`}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                  aria-pressed={showPassword}
                  className="absolute inset-y-0 end-1 my-auto grid size-11 place-items-center rounded-xl text-muted hover:text-ink"
                >
                  {showPassword ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
                </button>
              </div>
              {passwordError ? (
                <p id={`${passwordId}-error`} className="mt-2 flex items-center gap-1.5 text-sm text-danger">
                  <AlertIcon size={16} className="shrink-0" />
                  {t(`auth.validation.${passwordError}`)}
                </p>
              ) : null}
            </div>

            {login.isError ? (
              <div
                role="alert"
                data-testid="login-error"
                className="flex items-start gap-2.5 rounded-2xl bg-danger-soft px-4 py-3 text-sm text-danger"
              >
                <AlertIcon size={18} className="mt-px shrink-0" />
                <span>{errorText(login.error, t)}</span>
              </div>
            ) : null}

            <button
              type="submit"
              data-testid="login-submit"
              disabled={busy}
              className="flex h-13 w-full items-center justify-center gap-2.5 rounded-2xl bg-accent text-base font-semibold text-on-accent shadow-[0_10px_24px_-12px_var(--hx-accent)] transition hover:brightness-105 active:scale-[0.99] disabled:cursor-progress disabled:opacity-80"
            >
              {busy ? <Spinner size={18} /> : null}
              {busy ? t('auth.submitting') : t('auth.submit')}
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}
