import XIcon from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

interface SheetProps {
  open: boolean;
  onClose(): void;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/**
 * A bottom sheet on React Aria Components (focus held inside and given back, Escape and a tap outside
 * close it, the page behind hidden from assistive technology): pinned to the bottom of the screen on a
 * phone and on a desktop alike, for pickers. Its props are Dialog's, so a screen moves between the two
 * by its import. The first screens keep Dialog (the native <dialog>), which costs no React Aria code.
 */
export function Sheet({ open, onClose, title, children, actions, testId }: SheetProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 backdrop-blur-[2px]"
    >
      <Modal className="w-full max-w-xl animate-slide-up">
        <AriaDialog
          data-testid={testId}
          className="flex max-h-[85dvh] flex-col rounded-t-[28px] bg-surface pb-[env(safe-area-inset-bottom)] text-ink shadow-2xl outline-none"
        >
          <span aria-hidden="true" className="mx-auto mt-3 h-1.5 w-10 rounded-full bg-line" />
          <div className="flex items-center gap-2 px-5 pt-3 pb-2">
            <Heading slot="title" className="min-w-0 flex-1 text-lg font-semibold">
              {title}
            </Heading>
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
            <div className="flex flex-col-reverse gap-2 px-5 pt-3 pb-5 sm:flex-row sm:justify-end">
              {actions}
            </div>
          ) : null}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
