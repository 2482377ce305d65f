import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import GlobeIcon from 'lucide-react/icons/globe';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/index.ts';
import { isLanguage, LANGUAGES } from '../state/app-setting-store.ts';

/** A compact language picker (native select: keyboard, screen reader and touch friendly). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const value = currentLanguage();
  return (
    <div className="relative inline-flex items-center text-ink">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon size={18} className="pointer-events-none absolute start-3.5 text-muted" />
      <select
        id={id}
        data-testid="language-switch"
        value={value}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
        }}
        className="h-11 appearance-none rounded-full border border-line bg-surface ps-10 pe-9 text-sm font-medium text-ink shadow-card outline-none focus-visible:border-accent"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={16} className="pointer-events-none absolute end-3 text-muted" />
    </div>
  );
}
