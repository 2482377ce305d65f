import BellIcon from 'lucide-react/icons/bell';
import CheckIcon from 'lucide-react/icons/check';
import InfoIcon from 'lucide-react/icons/info';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import MicIcon from 'lucide-react/icons/mic';
import MonitorIcon from 'lucide-react/icons/monitor';
import MoonIcon from 'lucide-react/icons/moon';
import ShieldCheckIcon from 'lucide-react/icons/shield-check';
import SunIcon from 'lucide-react/icons/sun';
import UserIcon from 'lucide-react/icons/user';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageRadioList } from '../components/LanguageRadioList.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { signOut } from '../data/token-refresh.ts';
import { accountPaths, shellPaths, voicePaths } from '../routes.ts';
import { type Appearance, THEME_COLORS, THEME_HEX, useAppSettingStore } from '../state/app-setting-store.ts';
import { ChevronEndIcon, LogoutIcon } from '../ui/icons.tsx';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="mt-7">
      <h2 className="mb-2.5 px-1 text-sm font-semibold text-muted">{title}</h2>
      {children}
      {hint ? <p className="mt-2 px-1 text-xs text-muted">{hint}</p> : null}
    </section>
  );
}

function NavRow({
  to,
  icon: Icon,
  label,
  hint,
  testId,
}: {
  to: string;
  icon: ComponentType<{ size?: number }>;
  label: string;
  hint?: string;
  testId: string;
}) {
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        className="flex min-h-14 items-center gap-3.5 px-5 py-2.5 transition-colors hover:bg-surface-2/60"
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
          <Icon size={20} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[15px] font-medium">{label}</span>
          {hint ? <span className="block truncate text-xs text-muted">{hint}</span> : null}
        </span>
        <ChevronEndIcon size={18} className="text-muted" />
      </Link>
    </li>
  );
}

/** Theme colours (spec section 1): one swatch per colour, a radio group. */
function ThemeSwatches() {
  const { t } = useTranslation();
  const color = useAppSettingStore((s) => s.themeColor);
  const setColor = useAppSettingStore((s) => s.setThemeColor);
  return (
    <div
      role="radiogroup"
      aria-label={t('account.setting.theme')}
      className="flex flex-wrap justify-between gap-2 rounded-3xl bg-surface p-3 shadow-card ring-1 ring-line/60"
    >
      {THEME_COLORS.map((c) => (
        <label
          key={c}
          className="flex min-h-11 min-w-14 flex-1 cursor-pointer flex-col items-center gap-1.5 rounded-2xl py-2 text-xs font-medium text-muted transition has-focus-visible:ring-2 has-focus-visible:ring-accent hover:text-ink"
        >
          <input
            type="radio"
            name="theme-color"
            value={c}
            checked={color === c}
            onChange={() => setColor(c)}
            data-testid={`theme-${c}`}
            className="sr-only"
          />
          <span
            className={`grid size-9 place-items-center rounded-full text-white transition ${color === c ? 'ring-2 ring-offset-2 ring-offset-surface' : ''}`}
            style={{ backgroundColor: THEME_HEX[c], ['--tw-ring-color' as string]: THEME_HEX[c] }}
          >
            {color === c ? <CheckIcon size={16} /> : null}
          </span>
          <span className={color === c ? 'text-ink' : ''}>{t(`account.theme.${c}`)}</span>
        </label>
      ))}
    </div>
  );
}

const APPEARANCES: Array<{ value: Appearance; icon: ComponentType<{ size?: number }> }> = [
  { value: 'system', icon: MonitorIcon },
  { value: 'light', icon: SunIcon },
  { value: 'dark', icon: MoonIcon },
];

export default function SettingScreen() {
  const { t } = useTranslation();
  const appearance = useAppSettingStore((s) => s.appearance);
  const setAppearance = useAppSettingStore((s) => s.setAppearance);
  const isDayTime = useAppSettingStore((s) => s.isDayTime);

  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHeader
        title={t('setting.title')}
        subtitle={
          <span className="inline-flex items-center gap-1.5" data-testid="day-night">
            {isDayTime ? <SunIcon size={16} /> : <MoonIcon size={16} />}
            {isDayTime ? t('account.setting.day') : t('account.setting.night')}
          </span>
        }
      />

      <Section title={t('setting.account')}>
        <ul className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
          <NavRow
            to={accountPaths.profile}
            icon={UserIcon}
            label={t('account.setting.profile')}
            testId="to-profile"
          />
          <NavRow
            to={accountPaths.security}
            icon={ShieldCheckIcon}
            label={t('account.setting.security')}
            hint={t('account.setting.securityHint')}
            testId="to-security"
          />
          <NavRow
            to={shellPaths.notifications()}
            icon={BellIcon}
            label={t('notifications.title')}
            testId="to-notifications"
          />
          <NavRow
            to={shellPaths.accessManagement()}
            icon={KeyRoundIcon}
            label={t('shell.access.link')}
            testId="to-access-management"
          />
          <NavRow
            to={voicePaths.commands()}
            icon={MicIcon}
            label={t('voice.setting.section')}
            hint={t('voice.setting.commandsHint')}
            testId="to-voice"
          />
          <NavRow to={shellPaths.about()} icon={InfoIcon} label={t('shell.about.link')} testId="to-about" />
        </ul>
      </Section>

      {/* The language is chosen here, once (not also as a row to the language screen). */}
      <Section title={t('setting.language')}>
        <LanguageRadioList name="language" testIdPrefix="language-option" />
      </Section>

      <Section title={t('setting.appearance')} hint={t('setting.appearanceHint')}>
        <div
          role="radiogroup"
          aria-label={t('setting.appearance')}
          className="grid grid-cols-3 gap-1.5 rounded-3xl bg-surface p-1.5 shadow-card ring-1 ring-line/60"
        >
          {APPEARANCES.map(({ value, icon: Icon }) => (
            <label
              key={value}
              className={`flex min-h-14 cursor-pointer flex-col items-center justify-center gap-1 rounded-[1.1rem] text-xs font-medium transition-colors has-focus-visible:ring-2 has-focus-visible:ring-accent ${
                appearance === value ? 'bg-accent-soft text-accent-text' : 'text-muted hover:text-ink'
              }`}
            >
              <input
                type="radio"
                name="appearance"
                value={value}
                checked={appearance === value}
                onChange={() => setAppearance(value)}
                data-testid={`appearance-${value}`}
                className="sr-only"
              />
              <Icon size={20} />
              {t(`setting.${value}`)}
            </label>
          ))}
        </div>
      </Section>

      <Section title={t('account.setting.theme')} hint={t('account.setting.themeHint')}>
        <ThemeSwatches />
      </Section>

      <Section title={t('setting.logout')}>
        <button
          type="button"
          data-testid="logout"
          onClick={signOut}
          className="flex min-h-14 w-full items-center justify-center gap-2.5 rounded-3xl bg-surface text-[15px] font-semibold text-danger shadow-card ring-1 ring-line/60 transition-colors hover:bg-danger-soft"
        >
          <LogoutIcon size={20} />
          {t('setting.logout')}
        </button>
      </Section>
    </div>
  );
}
