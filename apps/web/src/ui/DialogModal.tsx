import type { DialogProps } from './Dialog.tsx';
import { ModalFrame } from './ModalFrame.tsx';

/** Dialog's modal on React Aria Components, loaded the first time a dialog opens (Dialog.tsx). */
export default function DialogModal(props: DialogProps) {
  return <ModalFrame {...props} />;
}
