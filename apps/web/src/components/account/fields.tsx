import type { CodeSent } from '@hestia/contract';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../hooks/useCountdown.ts';
import { currentLanguage } from '../../i18n/index.ts';
import type { Channel, ValidationKey } from '../../lib/account-validation.ts';
import { COUNTRIES, countryName } from '../../lib/countries.ts';
import { formatTime } from '../../lib/date-format.ts';
import { digitsOnly, localeDigits } from '../../lib/digits.ts';
import { Segmented } from '../../ui/Segmented.tsx';
import { INPUT } from '../../ui/styles.ts';
import { Field, TextField } from '../../ui/TextField.tsx';

export interface UsernameValue {
  channel: Channel;
  email: string;
  country: string;
  national: string;
}

export type UsernameErrors = { email?: ValidationKey; country?: ValidationKey; national?: ValidationKey };

/** Email or mobile (with its country): the username of every auth form (spec section 5). */
export function UsernameFields({
  value,
  onChange,
  errors,
  disabled,
  autoComplete = 'username',
}: {
  value: UsernameValue;
  onChange(value: UsernameValue): void;
  errors: UsernameErrors;
  disabled?: boolean;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <Segmented
        label={t('account.channel.label')}
        value={value.channel}
        onChange={(channel) => onChange({ ...value, channel })}
        options={[
          { value: 'email', label: t('account.channel.email') },
          { value: 'mobile', label: t('account.channel.mobile') },
        ]}
        testId="channel"
      />
      {value.channel === 'email' ? (
        <TextField
          label={t('auth.email')}
          data-testid="login-email"
          type="email"
          name="email"
          inputMode="email"
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          placeholder={t('auth.emailPlaceholder')}
          value={value.email}
          readOnly={disabled}
          onChange={(e) => onChange({ ...value, email: e.target.value })}
          error={errors.email ? t(`account.validation.${errors.email}`) : undefined}
          className="rtl:text-right"
        />
      ) : (
        <MobileField
          country={value.country}
          national={value.national}
          onChange={(country, national) => onChange({ ...value, country, national })}
          countryError={errors.country}
          numberError={errors.national}
          disabled={disabled}
          autoComplete={autoComplete === 'username' ? 'username' : 'tel-national'}
        />
      )}
    </div>
  );
}

export function MobileField({
  country,
  national,
  onChange,
  countryError,
  numberError,
  disabled,
  label,
  autoComplete = 'tel-national',
}: {
  country: string;
  national: string;
  onChange(country: string, national: string): void;
  countryError?: ValidationKey | undefined;
  numberError?: ValidationKey | undefined;
  disabled?: boolean | undefined;
  label?: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const countries = useMemo(
    () =>
      COUNTRIES.map((c) => ({ ...c, name: countryName(c.iso, lng) })).sort((a, b) =>
        a.name.localeCompare(b.name, lng),
      ),
    [lng],
  );
  return (
    <div className="space-y-5">
      <Field
        label={t('account.field.country')}
        error={countryError ? t(`account.validation.${countryError}`) : undefined}
      >
        {({ id, describedBy, invalid }) => (
          <div className="relative">
            <select
              id={id}
              data-testid="mobile-country"
              value={country}
              disabled={disabled}
              onChange={(e) => onChange(e.target.value, national)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={`${INPUT} appearance-none pe-11`}
            >
              <option value="">{t('account.field.countryPlaceholder')}</option>
              {countries.map((c) => (
                <option key={c.iso} value={c.iso}>
                  {`${c.name} (+${localeDigits(c.dial, lng)})`}
                </option>
              ))}
            </select>
            <ChevronDownIcon
              size={18}
              className="pointer-events-none absolute inset-y-0 end-4 my-auto text-muted"
            />
          </div>
        )}
      </Field>
      <Field
        label={label ?? t('account.field.mobile')}
        error={numberError ? t(`account.validation.${numberError}`) : undefined}
      >
        {({ id, describedBy, invalid }) => (
          <div className="relative" dir="ltr">
            <span className="pointer-events-none absolute inset-y-0 start-4 flex items-center text-base text-muted">
              {country ? `+${localeDigits(COUNTRIES.find((c) => c.iso === country)?.dial ?? '', lng)}` : '+'}
            </span>
            <input
              id={id}
              data-testid="login-mobile"
              type="tel"
              inputMode="tel"
              autoComplete={autoComplete}
              dir="ltr"
              placeholder={t('account.field.mobilePlaceholder')}
              value={localeDigits(national, lng)}
              readOnly={disabled}
              onChange={(e) => onChange(country, digitsOnly(e.target.value, 15))}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={`${INPUT} ps-16 tracking-wide`}
            />
          </div>
        )}
      </Field>
    </div>
  );
}

/** A six-digit code: digits of any script accepted, shown in the language's own digits. */
export function CodeField({
  value,
  onChange,
  error,
  disabled,
  autoFocus,
}: {
  value: string;
  onChange(value: string): void;
  error?: ValidationKey | string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <TextField
      label={t('account.field.code')}
      data-testid="code-input"
      name="one-time-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      autoFocus={autoFocus}
      placeholder={localeDigits('000000', lng)}
      value={localeDigits(value, lng)}
      readOnly={disabled}
      onChange={(e) => onChange(digitsOnly(e.target.value, 6))}
      error={
        error ? (error.includes(' ') ? error : t(`account.validation.${error as ValidationKey}`)) : undefined
      }
      className="text-center text-2xl font-semibold tracking-[0.5em] placeholder:tracking-[0.5em]"
    />
  );
}

function formatSeconds(total: number, lng: string): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return localeDigits(`${m}:${String(s).padStart(2, '0')}`, lng);
}

/** Where the code went, how long it is valid, and a resend button after the server's `resendAfter`. */
export function CodeSentInfo({
  sent,
  sentAt,
  onResend,
  onChangeTarget,
  resending,
}: {
  sent: CodeSent;
  /** Local time the answer arrived; `resendAfter` counts from it. */
  sentAt: number;
  onResend(): void;
  onChangeTarget?: () => void;
  resending: boolean;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const left = useCountdown(sentAt + sent.resendAfter * 1000);
  const expires = formatTime(sent.expiresAt, lng);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted">
        {/* The address is isolated so a Latin address reads right inside Persian or Arabic text. */}
        {t('account.code.sentTo', { to: `\u2068${sent.sentTo}\u2069` })}
        {onChangeTarget ? (
          <button
            type="button"
            onClick={onChangeTarget}
            className="ms-2 inline-flex min-h-11 items-center font-semibold text-accent-text hover:underline"
          >
            {t('account.code.change')}
          </button>
        ) : null}
      </p>
      <p className="text-xs text-muted">{t('account.code.expiresAt', { time: expires })}</p>
      <button
        type="button"
        data-testid="resend-code"
        disabled={left > 0 || resending}
        onClick={onResend}
        aria-live="polite"
        className="inline-flex min-h-11 items-center rounded-xl font-semibold text-accent-text tabular-nums transition hover:underline disabled:cursor-default disabled:text-muted disabled:no-underline"
      >
        {left > 0 ? t('account.code.resendIn', { time: formatSeconds(left, lng) }) : t('account.code.resend')}
      </button>
    </div>
  );
}

/**
 * The code step of sign-up, code login, recovery and contact changes: where the code went, resend,
 * and the six-digit field (focused).
 */
export function CodeStep({
  sent,
  sentAt,
  onResend,
  onChangeTarget,
  resending,
  code,
  onCode,
  error,
  disabled,
}: {
  sent: CodeSent;
  sentAt: number;
  onResend(): void;
  onChangeTarget?: () => void;
  resending: boolean;
  code: string;
  onCode(value: string): void;
  error?: ValidationKey | string | undefined;
  disabled?: boolean;
}) {
  return (
    <>
      <CodeSentInfo
        sent={sent}
        sentAt={sentAt}
        resending={resending}
        onResend={onResend}
        {...(onChangeTarget ? { onChangeTarget } : {})}
      />
      <CodeField value={code} onChange={onCode} error={error} disabled={disabled ?? false} autoFocus />
    </>
  );
}
