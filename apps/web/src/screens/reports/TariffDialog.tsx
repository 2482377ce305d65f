import { profileUpdateBodies } from '@hestia/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../data/errors.ts';
import { type Tariff, useSetTariff } from '../../data/telemetry-history.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/Toast.tsx';

const CURRENCIES = ['EUR', 'USD', 'GBP', 'IRR', 'TRY', 'AED', 'SAR'] as const;
const DEFAULT_CURRENCY: Record<string, string> = { en: 'EUR', fa: 'IRR', ar: 'AED', tr: 'TRY' };

/** Persian and Arabic digits, and a comma or the Arabic decimal sign, typed into a price. */
export function parsePrice(text: string): number | null {
  const latin = text
    .trim()
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[٫,]/g, '.');
  if (!/^\d+(\.\d+)?$/.test(latin)) return null;
  return Number(latin);
}

interface TariffFields {
  price: string;
  currency: string;
}

/** A price in any of the digits the app takes, then the contract's body of the tariff update. */
const tariffResolver = contractResolver<TariffFields>(
  profileUpdateBodies.Tariff,
  ({ price, currency }) => ({ pricePerKwh: parsePrice(price), currency }),
  ({ price }) => ({ price: parsePrice(price) === null ? 'invalid' : undefined }),
  { price: 'invalid' },
);

/** The tariff form: a price per kWh and its currency, kept on the user's profile. */
export function TariffDialog({
  open,
  onClose,
  current,
}: {
  open: boolean;
  onClose(): void;
  current: Tariff | null;
}) {
  const { t } = useTranslation();
  const priceId = useId();
  const currencyId = useId();
  const save = useSetTariff();
  const { register, handleSubmit, reset, watch, setError, formState } = useForm<TariffFields>({
    resolver: tariffResolver,
    defaultValues: { price: '', currency: 'EUR' },
  });
  const currency = watch('currency');

  // Each opening starts from the saved tariff (or the language's currency).
  useEffect(() => {
    if (!open) return;
    reset({
      price: current ? String(current.pricePerKwh) : '',
      currency: current?.currency ?? DEFAULT_CURRENCY[currentLanguage()] ?? 'EUR',
    });
  }, [open, current, reset]);

  const submit = handleSubmit(({ price, currency: code }) => {
    save.mutate(
      { pricePerKwh: parsePrice(price) ?? 0, currency: code },
      {
        onSuccess: () => {
          toast.success(t('charts.tariff.saved'));
          onClose();
        },
        onError: (err) => setError('root', { message: errorText(err, t) }),
      },
    );
  });
  const error = formState.errors.price
    ? t('charts.tariff.invalid')
    : (formState.errors.root?.message ?? null);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('charts.tariff.title')}
      testId="tariff-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('home.cancel')}
          </Button>
          <Button busy={save.isPending} onClick={() => void submit()} data-testid="tariff-save">
            {t('home.save')}
          </Button>
        </>
      }
    >
      <form noValidate className="space-y-4 pt-1" onSubmit={submit}>
        <p className="text-[14px] leading-relaxed text-muted">{t('charts.tariff.body')}</p>
        <div className="flex gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={priceId} className="mb-1.5 block px-1 text-sm font-medium">
              {t('charts.tariff.price')}
            </label>
            <input
              id={priceId}
              inputMode="decimal"
              autoComplete="off"
              {...register('price')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${priceId}-error` : undefined}
              data-testid="tariff-price"
              dir="ltr"
              className={`h-12 w-full rounded-2xl border bg-surface px-4 text-[16px] outline-none focus:border-accent ${error ? 'border-danger' : 'border-line'}`}
            />
          </div>
          <div className="w-28 shrink-0">
            <label htmlFor={currencyId} className="mb-1.5 block px-1 text-sm font-medium">
              {t('charts.tariff.currency')}
            </label>
            <select
              id={currencyId}
              {...register('currency')}
              data-testid="tariff-currency"
              className="h-12 w-full rounded-2xl border border-line bg-surface px-3 text-[16px] outline-none focus:border-accent"
            >
              {[...new Set([...CURRENCIES, currency])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        {error ? (
          <p id={`${priceId}-error`} role="alert" className="px-1 text-[13px] text-danger">
            {error}
          </p>
        ) : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
