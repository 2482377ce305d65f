import type { ModelProfile } from './types.ts';

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
