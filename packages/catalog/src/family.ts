import type { ModelDef } from './model.ts';
import type { ModelProfile } from './types.ts';

/** A device family: its id (snake_case singular) and its models, in catalogue order. */
export interface Family<Id extends string = string> {
  readonly id: Id;
  readonly models: readonly ModelProfile[];
}

/**
 * One family module (`families/<id>/index.ts`): its models, each made by `defineModel`. The registry
 * (`families/index.ts`) lists the modules; `FamilyId` is derived from it.
 */
export function defineFamily<const Id extends string>(input: {
  id: Id;
  models: readonly ModelDef[];
}): Family<Id> {
  const models = input.models.map(
    ({ icon, ...m }): ModelProfile => ({
      ...m,
      family: input.id as ModelProfile['family'],
      icon: icon ?? input.id,
    }),
  );
  return { id: input.id, models };
}
