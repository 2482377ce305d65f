import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ValidationKey } from '../../lib/account-validation.ts';
import { usernameOf } from '../../lib/account-validation.ts';
import type { UsernameErrors, UsernameValue } from './fields.tsx';

/** A form that holds a username as UsernameFields edits it: channel, email, country, national number. */
export type WithUsername = UsernameValue & FieldValues;

/** The form's username as one value, and the address it stands for (an email or an E.164 number). */
export function usernameIn(values: UsernameValue): { value: UsernameValue; id: string } {
  const value = {
    channel: values.channel,
    email: values.email,
    country: values.country,
    national: values.national,
  };
  return { value, id: usernameOf(value.channel, value.email, value.country, value.national) };
}

/**
 * UsernameFields bound to a react-hook-form form: its value from the form, each edit written back
 * (checked again once the form has been sent, as a typed field is), its errors from the resolver's.
 */
export function usernameBinding<V extends WithUsername>(form: UseFormReturn<V>, onEdit?: () => void) {
  const f = form as unknown as UseFormReturn<UsernameValue>;
  const { value } = usernameIn(f.watch());
  const errors = f.formState.errors;
  return {
    value,
    errors: {
      email: errors.email?.message as ValidationKey | undefined,
      country: errors.country?.message as ValidationKey | undefined,
      national: errors.national?.message as ValidationKey | undefined,
    } satisfies UsernameErrors,
    onChange(next: UsernameValue) {
      for (const key of ['channel', 'email', 'country', 'national'] as const)
        if (next[key] !== value[key]) f.setValue(key, next[key], { shouldDirty: true });
      if (f.formState.isSubmitted) void f.trigger(['email', 'country', 'national']);
      onEdit?.();
    },
  };
}
