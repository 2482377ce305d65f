/** What a field's focus lands on inside its group: a typed value, else the chosen option, else the first. */
const FOCUS_ORDER = ['input:not([type="hidden"])', '[aria-pressed="true"]', 'button'];

/**
 * A react-hook-form field ref for a control or a group of controls (a picker, steppers): focusing the
 * field focuses the control itself, or the group's input, chosen option or first button, so a
 * blocked save lands on the first wrong field.
 */
export const focusGroup =
  (fieldRef: (instance: { focus(): void } | null) => void) => (el: HTMLElement | null) =>
    fieldRef(
      el && {
        focus: () => {
          if (el.matches('input, button, select, textarea')) return el.focus();
          for (const selector of FOCUS_ORDER) {
            const target = el.querySelector<HTMLElement>(selector);
            if (target) return target.focus();
          }
        },
      },
    );
