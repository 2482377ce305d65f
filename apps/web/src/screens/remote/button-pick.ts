import { create } from 'zustand';
import type { AcStateBody } from './data.ts';

/** A press picked on irremote-select-button for an automation's action: a button, or a whole AC state. */
export interface PickedPress {
  deviceId: string;
  remoteId: string;
  button?: string;
  state?: AcStateBody;
}

interface PickState {
  picked: PickedPress | null;
  pick(p: PickedPress): void;
  clear(): void;
}

/**
 * The hand-over from irremote-select-button (opened with `for=action`) back to the screen that
 * opened it (the automation editor's action screen), which reads and clears it. Not persisted.
 */
export const useButtonPick = create<PickState>()((set) => ({
  picked: null,
  pick: (picked) => set({ picked }),
  clear: () => set({ picked: null }),
}));
