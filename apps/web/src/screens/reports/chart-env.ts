import { useTranslation } from 'react-i18next';
import { useResolvedTheme } from '../../hooks/useTheme.ts';
import { directionOf } from '../../i18n/index.ts';
import { isLanguage } from '../../state/app-setting-store.ts';

/** What a chart needs to know about the interface: language, direction and theme. */
export function useChartEnv() {
  const { i18n } = useTranslation();
  const theme = useResolvedTheme();
  const language = i18n.language;
  const rtl = isLanguage(language) && directionOf(language) === 'rtl';
  return { language, rtl, theme };
}
