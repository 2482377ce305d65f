import { addAssetBodySchema } from '@hestia/contract';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver.ts';

export interface AssetNameForm {
  name: string;
}

/** A place's or a room's name, checked by the contract's `name` of the add and edit bodies. */
const resolver = contractResolver<AssetNameForm>(
  addAssetBodySchema.pick({ name: true }),
  ({ name }) => ({ name }),
  ({ name }) => ({ name: name.trim() === '' ? 'nameRequired' : undefined }),
  { name: 'nameRequired' },
);

/**
 * The name form of add-or-edit-asset and add-or-edit-room on react-hook-form: the saved name once the
 * tree has it (a name the person already typed is kept), the error shown after a first submit and
 * cleared as they type. `error` is the message in the user's language.
 */
export function useAssetNameForm(saved: string | undefined, message: (key: 'nameRequired') => string) {
  const form = useForm<AssetNameForm>({
    resolver,
    defaultValues: { name: saved ?? '' },
    values: { name: saved ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const key = form.formState.errors.name?.message;
  return { form, error: key ? message(key as 'nameRequired') : null };
}
