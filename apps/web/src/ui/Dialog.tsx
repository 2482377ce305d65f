import XIcon from 'lucide-react/icons/x';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

// React Aria's modal code (focus scope, overlays, scroll lock: ~70 KB gzip with its shared runtime) is
// fetched the first time a dialog opens, not with the screens that only may open one (the dashboard,
// the login screen, the update prompt), so a first load does not carry it.
const DialogModal = lazy(() => import('./DialogModal.tsx'));

/**
 * A modal on React Aria Components (DialogModal.tsx: the focus held inside and given back to what
 * opened it, Escape and a tap outside close it, the page behind hidden from assistive technology and
 * not scrollable): a bottom sheet on a phone, a centred card on a wider screen. The `testId` is on the
 * dialog itself, which is in the page only while open. Nothing is rendered, nor loaded, until it first
 * opens.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogModal {...props} />
    </Suspense>
  );
}

/** A dialog's title with its close button, its scrolling body and its actions (Dialog's and Sheet's). */
export function DialogContent({
  titleId,
  title,
  onClose,
  children,
  actions,
}: {
  titleId: string;
  title: string;
  onClose(): void;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex items-center gap-2 px-5 pt-5 pb-2">
        <h2 id={titleId} className="min-w-0 flex-1 text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('home.close')}
          className="-me-2 grid size-11 place-items-center rounded-full text-muted hover:bg-surface-2"
        >
          <XIcon size={20} />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-2">{children}</div>
      {actions ? (
        <div className="flex flex-col-reverse gap-2 px-5 pt-3 pb-5 sm:flex-row sm:justify-end">{actions}</div>
      ) : null}
    </>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
  danger?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  danger = true,
}: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      testId="confirm-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('home.cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            busy={busy}
            onClick={onConfirm}
            data-testid="confirm"
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-[15px] leading-relaxed text-muted">{body}</div>
    </Dialog>
  );
}
