import { onOff, setting, text } from '../../keys.ts';
import { defineModel, IR_REMOTE_FIRMWARE_VERSION, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** IR universal remotes: send a stored code, learn one; firmware compares against version 10. */
export const irRemoteModels: ModelProfile[] = (['universal', 'universal-v2', 'universal-wide'] as const).map(
  (variant) =>
    defineModel({
      id: `ir-remote-${variant}`,
      deviceType: 'irremote',
      family: 'ir_remote',
      variant,
      features: ['ir'],
      keys: [
        setting('send', 'ir', 0, 65535, 0, { source: 'chosen' }),
        onOff('learn', 'ir_learn', 0),
        text('code', 'r', '', { source: 'chosen' }),
      ],
      route: route('irremote'),
      firmwareLatest: IR_REMOTE_FIRMWARE_VERSION,
      errors: ['device.error'],
    }),
);
