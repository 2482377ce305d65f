import { useTranslation } from 'react-i18next';

/** "Battery 90%" when the model reports it. */
export function useBatteryText() {
  const { t, i18n } = useTranslation();
  return (v: number | undefined) =>
    v === undefined
      ? undefined
      : t('devicePanels.battery', { value: new Intl.NumberFormat(i18n.language).format(v) });
}
