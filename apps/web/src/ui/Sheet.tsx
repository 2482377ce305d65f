import type { DialogProps } from './Dialog.tsx';
import { ModalFrame } from './ModalFrame.tsx';

/**
 * A bottom sheet: pinned to the bottom of the screen on a phone and on a desktop alike, for pickers.
 * Its props are Dialog's, so a screen moves between the two by its import.
 */
export function Sheet(props: DialogProps) {
  return <ModalFrame {...props} sheet />;
}
