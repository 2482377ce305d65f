import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, LogoutIcon, MoonIcon, SunIcon, SystemIcon } from '../components/icons.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { signOut } from '../data/token-refresh.ts';
import { changeLanguage, currentLanguage } from '../i18n/index.ts';
import { type Appearance, LANGUAGES, useAppSettingStore } from '../state/app-setting-store.ts';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="mt-7">
      <h2 className="mb-2.5 px-1 text-sm font-semibold text-muted">{title}</h2>
      {children}
      {hint ? <p className="mt-2 px-1 text-xs text-muted">{hint}</p> : null}
    </section>
  );
}

const APPEARANCES: Array<{ value: Appearance; icon: ComponentType<{ size?: number }> }> = [
  { value: 'system', icon: SystemIcon },
  { value: 'light', icon: SunIcon },
  { value: 'dark', icon: MoonIcon },
];

export default function SettingScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const appearance = useAppSettingStore((s) => s.appearance);
  const setAppearance = useAppSettingStore((s) => s.setAppearance);

  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHeader title={t('setting.title')} />

      <Section title={t('setting.language')}>
        <div
          role="radiogroup"
          aria-label={t('setting.language')}
          className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
        >
          {LANGUAGES.map((lng) => (
            <label
              key={lng}
              className="flex min-h-14 items-center gap-3 px-5 transition-colors has-focus-visible:bg-surface-2 hover:bg-surface-2/60"
            >
              <input
                type="radio"
                name="language"
                value={lng}
                checked={language === lng}
                onChange={() => void changeLanguage(lng)}
                data-testid={`language-option-${lng}`}
                className="sr-only"
              />
              <span lang={lng} className="flex-1 text-[15px] font-medium">
                {t(`language.${lng}`)}
              </span>
              <span
                className={`grid size-6 place-items-center rounded-full transition ${
                  language === lng ? 'bg-accent text-on-accent' : 'ring-1 ring-line'
                }`}
              >
                {language === lng ? <CheckIcon size={14} /> : null}
              </span>
            </label>
          ))}
        </div>
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

      <Section title={t('setting.account')}>
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
