import { useEffect, useState } from 'react';

const NON_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

function opensKeyboard(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(el.type);
}

/** The visual viewport shrinking by more than this while a field has focus means a keyboard. */
const KEYBOARD_MIN_PX = 150;

/**
 * Whether the on-screen keyboard is probably open: a text field has focus and either the visual
 * viewport shrank (the keyboard took space) or the device is touch-first, where focus opens it.
 */
export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const vv = window.visualViewport;
    const height = () => vv?.height ?? window.innerHeight;
    const coarse = window.matchMedia('(pointer: coarse)');
    let baseline = height();
    let fieldFocused = opensKeyboard(document.activeElement);

    const update = () => {
      const h = height();
      // Without a focused field the viewport is at full height; remember it as the reference.
      if (!fieldFocused || h > baseline) baseline = h;
      const shrunk = baseline - h > KEYBOARD_MIN_PX;
      setOpen(fieldFocused && (shrunk || coarse.matches));
    };
    const onFocusIn = (e: FocusEvent) => {
      fieldFocused = opensKeyboard(e.target);
      update();
    };
    const onFocusOut = (e: FocusEvent) => {
      fieldFocused = opensKeyboard(e.relatedTarget);
      update();
    };
    const onOrientation = () => {
      baseline = 0;
      update();
    };

    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    vv?.addEventListener('resize', update);
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', onOrientation);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      vv?.removeEventListener('resize', update);
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', onOrientation);
    };
  }, []);

  return open;
}
