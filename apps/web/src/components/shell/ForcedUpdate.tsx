import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * The forced update (spec section 4: exists, off by default): on when the app is built with
 * VITE_FORCE_UPDATE=true. Then a new version waiting to take over cannot be put off: the modal stays
 * until the user updates.
 */
export const FORCE_UPDATE: boolean = import.meta.env.VITE_FORCE_UPDATE === 'true';

export function ForcedUpdateModal({ onUpdate }: { onUpdate(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={() => undefined}
      title={t('shell.forceUpdate.title')}
      testId="forced-update"
      actions={
        <Button shape="block" onClick={onUpdate} data-testid="forced-update-now">
          {t('shell.forceUpdate.update')}
        </Button>
      }
    >
      <p className="text-[15px]">{t('shell.forceUpdate.body')}</p>
    </Dialog>
  );
}
