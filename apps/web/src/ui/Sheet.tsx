import { type ReactNode, useId } from 'react';
import { Dialog as AriaDialog, Modal, ModalOverlay } from 'react-aria-components';
import { DialogContent } from './Dialog.tsx';

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
 * by its import.
 */
export function Sheet({ open, onClose, title, children, actions, testId }: SheetProps) {
  const titleId = useId();
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 backdrop-blur-[2px]"
    >
      <Modal className="w-full max-w-xl animate-slide-up">
        <AriaDialog
          aria-labelledby={titleId}
          data-testid={testId}
          className="flex max-h-[85dvh] flex-col rounded-t-[28px] bg-surface pb-[env(safe-area-inset-bottom)] text-ink shadow-2xl outline-none"
        >
          <span aria-hidden="true" className="mx-auto mt-3 -mb-2 h-1.5 w-10 rounded-full bg-line" />
          <DialogContent titleId={titleId} title={title} onClose={onClose} actions={actions}>
            {children}
          </DialogContent>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
