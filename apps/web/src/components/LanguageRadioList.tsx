import CheckIcon from 'lucide-react/icons/check';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/index.ts';
import { LANGUAGES } from '../state/app-setting-store.ts';

/**
 * The four languages as a radio list, each name written in its own language; choosing one switches
 * the app at once. Used by the setting tab and by language-selection.
 */
export function LanguageRadioList({
  name,
  testIdPrefix,
  tall,
}: {
  name: string;
  testIdPrefix: string;
  tall?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div
      role="radiogroup"
      aria-label={t('language.label')}
      className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
    >
      {LANGUAGES.map((lng) => (
        <label
          key={lng}
          className={`flex ${tall ? 'min-h-16' : 'min-h-14'} cursor-pointer items-center gap-3 px-5 transition-colors has-focus-visible:bg-surface-2 hover:bg-surface-2/60`}
        >
          <input
            type="radio"
            name={name}
            value={lng}
            checked={language === lng}
            onChange={() => void changeLanguage(lng)}
            data-testid={`${testIdPrefix}-${lng}`}
            className="sr-only"
          />
          <span lang={lng} className={`flex-1 ${tall ? 'text-base' : 'text-[15px]'} font-medium`}>
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
  );
}
