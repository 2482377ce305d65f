import type { UserRemote } from '@hestia/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../data/errors.ts';
import { localeDigits } from '../../lib/digits.ts';
import { toast } from '../../ui/Toast.tsx';
import { buttonLabel } from './button-label.ts';
import { type AcStateBody, useSendRemote } from './data.ts';

export { buttonLabel };

/** What the remote's emitter shows: idle, sending, sent (the blaster took it) or refused (with why). */
export interface PressStatus {
  state: 'idle' | 'sending' | 'sent' | 'error';
  /** The button (or 'state') last pressed. */
  button: string;
  message: string;
}

/** How long the emitter stays lit after a send. */
const LIT_MS = 900;

/** Whether an element is wholly inside the window (not scrolled away, not hidden). */
function inView(el: HTMLElement | null): boolean {
  if (!el || el.offsetParent === null) return false;
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
}

/**
 * Pressing a remote's buttons: each press sends at once through the blaster. A refusal (offline,
 * view-only, firmware below the floor, a code the protocol cannot carry) shows the server's message,
 * translated where the contract knows it, in the remote's status line (`lineRef`); when that line is
 * scrolled out of sight (a tall remote), also as a toast, so it is said once where the user looks.
 */
export function useRemotePress(remote: Pick<UserRemote, 'id'>) {
  const { t } = useTranslation();
  const send = useSendRemote(remote.id);
  const [status, setStatus] = useState<PressStatus>({ state: 'idle', button: '', message: '' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lineRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const press = useCallback(
    (body: { button: string } | { state: AcStateBody }) => {
      const button = 'button' in body ? body.button : 'state';
      clearTimeout(timer.current);
      setStatus({ state: 'sending', button, message: '' });
      send.mutate(body, {
        onSuccess: () => {
          setStatus({ state: 'sent', button, message: '' });
          timer.current = setTimeout(() => setStatus((s) => ({ ...s, state: 'idle' })), LIT_MS);
        },
        onError: (err) => {
          const message = errorText(err, t);
          setStatus({ state: 'error', button, message });
          if (!inView(lineRef.current)) toast.error(message, { id: `remote-send-${remote.id}` });
        },
      });
    },
    [send, t, remote.id],
  );
  return { press, status, lineRef };
}

/** `buttonLabel` in the current language. */
export function useButtonLabel() {
  const { t, i18n } = useTranslation();
  return (name: string): string => buttonLabel(name, t, i18n);
}

/** What a digit key has printed on it: the digit, in the language's digits (Persian in fa). */
export function useDigitFace() {
  const { i18n } = useTranslation();
  return (name: string): string | undefined => {
    const digit = /^digit_(\d)$/.exec(name);
    return digit ? localeDigits(digit[1] as string, i18n.language) : undefined;
  };
}
