import { useId } from 'react';
import { Dialog as AriaDialog, Modal, ModalOverlay } from 'react-aria-components';
import { DialogContent, type DialogProps } from './Dialog.tsx';

/**
 * The modal frame Dialog's modal and Sheet share, on React Aria Components: focus held inside and
 * given back, Escape and a tap outside close it, the page behind hidden from assistive technology.
 * `sheet` pins it to the bottom on every screen with a grab handle; otherwise it rises from the bottom
 * on a phone and is centred from the small breakpoint up.
 */
export function ModalFrame({
  open,
  onClose,
  title,
  children,
  actions,
  testId,
  sheet = false,
}: DialogProps & { sheet?: boolean }) {
  const titleId = useId();
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className={`fixed inset-0 z-50 flex items-end justify-center bg-black/40 backdrop-blur-[2px]${sheet ? '' : ' sm:items-center sm:p-4'}`}
    >
      <Modal className={`w-full animate-slide-up ${sheet ? 'max-w-xl' : 'sm:max-w-md'}`}>
        <AriaDialog
          aria-labelledby={titleId}
          data-testid={testId}
          className={`flex max-h-[85dvh] flex-col bg-surface pb-[env(safe-area-inset-bottom)] text-ink shadow-2xl outline-none ${sheet ? 'rounded-t-[28px]' : 'overflow-hidden rounded-t-3xl sm:rounded-3xl'}`}
        >
          {sheet ? (
            <span aria-hidden="true" className="mx-auto mt-3 -mb-2 h-1.5 w-10 rounded-full bg-line" />
          ) : null}
          <DialogContent titleId={titleId} title={title} onClose={onClose} actions={actions}>
            {children}
          </DialogContent>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
