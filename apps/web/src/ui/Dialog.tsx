import XIcon from 'lucide-react/icons/x';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/**
 * A modal on the native <dialog> (focus trap, Escape, inert page): a bottom sheet on a phone, a centred
 * card on a wider screen.
 */
export function Dialog({ open, onClose, title, children, actions, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the keyboard's way (onCancel).
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid={testId}
      className="m-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-hidden rounded-t-3xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/40 backdrop:backdrop-blur-[2px] sm:m-auto sm:max-w-md sm:rounded-3xl"
    >
      {open ? (
        <div className="flex max-h-[85dvh] flex-col pb-[env(safe-area-inset-bottom)]">
          <DialogContent titleId={titleId} title={title} onClose={onClose} actions={actions}>
            {children}
          </DialogContent>
        </div>
      ) : null}
    </dialog>
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
