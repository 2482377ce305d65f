import { useId } from 'react';
import { Dialog as AriaDialog, Modal, ModalOverlay } from 'react-aria-components';
import { DialogContent, type DialogProps } from './Dialog.tsx';

/** Dialog's modal on React Aria Components, loaded the first time a dialog opens (Dialog.tsx). */
export default function DialogModal({ open, onClose, title, children, actions, testId }: DialogProps) {
  const titleId = useId();
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 backdrop-blur-[2px] sm:items-center sm:p-4"
    >
      <Modal className="w-full animate-slide-up sm:max-w-md">
        <AriaDialog
          aria-labelledby={titleId}
          data-testid={testId}
          className="flex max-h-[85dvh] flex-col overflow-hidden rounded-t-3xl bg-surface pb-[env(safe-area-inset-bottom)] text-ink shadow-2xl outline-none sm:rounded-3xl"
        >
          <DialogContent titleId={titleId} title={title} onClose={onClose} actions={actions}>
            {children}
          </DialogContent>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
