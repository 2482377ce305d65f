import type { KeyDef, ModelProfile } from './types.ts';

/** A JSON Schema of one Key/Value pair a model accepts: what the server and forms validate. */
export function writeSchema(profile: ModelProfile): Record<string, unknown> {
  const valueSchema = (k: KeyDef): Record<string, unknown> => {
    if (k.kind === 'boolean') return { enum: [0, 1] };
    if (k.kind === 'string') return { type: 'string' };
    if (k.kind === 'enum') return { enum: [...(k.values ?? [])] };
    return {
      type: 'number',
      ...(k.min !== undefined ? { minimum: k.min } : {}),
      ...(k.max !== undefined ? { maximum: k.max } : {}),
      ...(k.step !== undefined ? { multipleOf: k.step } : {}),
    };
  };
  return {
    type: 'array',
    minItems: 1,
    items: {
      oneOf: profile.keys
        .filter((k) => k.access !== 'r')
        .map((k) => ({
          type: 'object',
          required: ['Key', 'Value'],
          properties: { Key: { const: k.key }, Value: valueSchema(k) },
          'x-group': k.group ?? k.key,
        })),
    },
  };
}

export type UiControl = 'toggle' | 'slider' | 'select' | 'text' | 'button' | 'readout' | 'indicator';

export interface UiField {
  key: string;
  control: UiControl;
  title: string;
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  options?: readonly number[];
  group: string;
}

/** The generic control renderer's fields for a model (the web app renders `switch (control)`). */
export function uiFields(profile: ModelProfile): UiField[] {
  return profile.keys.map((k) => {
    const control: UiControl =
      k.access === 'r'
        ? k.kind === 'boolean'
          ? 'indicator'
          : 'readout'
        : k.access === 'w' && k.kind === 'enum' && k.values?.length === 1
          ? 'button'
          : k.kind === 'boolean'
            ? 'toggle'
            : k.kind === 'enum'
              ? 'select'
              : k.kind === 'string'
                ? 'text'
                : 'slider';
    return {
      key: k.key,
      control,
      title: k.title,
      ...(k.unit ? { unit: k.unit } : {}),
      ...(k.min !== undefined ? { min: k.min } : {}),
      ...(k.max !== undefined ? { max: k.max } : {}),
      ...(k.step !== undefined ? { step: k.step } : {}),
      ...(k.values ? { options: k.values } : {}),
      group: k.group ?? 'status',
    };
  });
}
