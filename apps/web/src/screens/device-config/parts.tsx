import { deviceTypeTitle, getProfile } from '@hestia/catalog';
import CheckIcon from 'lucide-react/icons/check';
import InfoIcon from 'lucide-react/icons/info';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localeDigits } from '../../lib/digits.ts';
import { configPaths } from '../../routes.ts';
import { CARD } from '../../ui/styles.ts';

/** Button holds for pairing: 3 s, 5 s for a plug key (spec section 9). */
export function holdSeconds(profileId: string | null | undefined): number {
  return profileId && getProfile(profileId)?.family === 'plug' ? 5 : 3;
}

/** The model's name in words (the catalogue's device type), or null when the profile is unknown. */
export function useModelName(profileId: string | null | undefined): string | null {
  const { t, i18n } = useTranslation();
  const profile = profileId ? getProfile(profileId) : undefined;
  if (!profile) return null;
  const key = deviceTypeTitle(profile);
  return i18n.exists(key) ? String(t(key as never)) : profile.deviceType;
}

/** Left-to-right text (an address, a name) set apart inside a sentence of either direction. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** Numbers as the language writes them (Persian digits in fa). */
export function useDigits() {
  const { i18n } = useTranslation();
  return (value: string | number) => localeDigits(String(value), i18n.language);
}

/** Numbered instructions in a card. */
export function Steps({ items, testId }: { items: readonly ReactNode[]; testId?: string }) {
  const digits = useDigits();
  return (
    <ol className={`space-y-4 p-5 ${CARD}`} data-testid={testId}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of instructions.
        <li key={i} className="flex gap-3">
          <span className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-text">
            {digits(i + 1)}
          </span>
          <span className="pt-0.5 text-[15px] leading-relaxed text-ink">{item}</span>
        </li>
      ))}
    </ol>
  );
}

export type ProgressState = 'done' | 'active' | 'waiting' | 'failed';

/** One line of the status screen's progress. */
export function ProgressStep({ label, state }: { label: string; state: ProgressState }) {
  return (
    <li className="flex items-center gap-3 py-2" data-state={state} data-testid="config-step">
      <span
        className={`grid size-7 shrink-0 place-items-center rounded-full ${
          state === 'done'
            ? 'bg-accent text-on-accent'
            : state === 'failed'
              ? 'bg-danger text-on-danger'
              : state === 'active'
                ? 'bg-accent-soft ring-2 ring-accent'
                : 'bg-surface-2 ring-1 ring-line'
        }`}
      >
        {state === 'done' ? <CheckIcon size={16} /> : null}
        {state === 'active' ? <span className="size-2.5 animate-pulse rounded-full bg-accent" /> : null}
      </span>
      <span className={`text-[15px] ${state === 'waiting' ? 'text-muted' : 'font-medium text-ink'}`}>
        {label}
      </span>
    </li>
  );
}

/** A short explanation in the screen's body. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className="mb-5 text-[15px] leading-relaxed text-muted">{children}</p>;
}

/** The header's way to pairingDeviceInformation: what the app knows of the device being paired. */
export function PairingInfoLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={configPaths.pairingInfo()}
      aria-label={t('deviceConfig.status.info')}
      data-testid="pairing-info"
      className="grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-surface-2"
    >
      <InfoIcon size={22} />
    </Link>
  );
}
