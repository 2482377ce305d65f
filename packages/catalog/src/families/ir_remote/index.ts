import { defineFamily } from '../../family.ts';
import { onOff, setting, text } from '../../keys.ts';
import { defineModel, IR_REMOTE_FIRMWARE_VERSION, route } from '../../model.ts';

/** IR universal remotes: send a stored code, learn one; firmware compares against version 10. */
export default defineFamily({
  id: 'ir_remote',
  models: (
    [
      ['ir-remote-universal', 'universal'],
      ['ir-remote-universal-v2', 'universal-v2'],
      ['ir-remote-universal-wide', 'universal-wide'],
    ] as const
  ).map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'irremote',
      variant,
      features: ['ir'],
      parts: [
        setting('send', 'ir', 0, 65535, 0, { source: 'chosen' }),
        onOff('learn', 'ir_learn', 0),
        text('code', 'r', '', { source: 'chosen' }),
      ],
      route: route('irremote'),
      firmwareLatest: IR_REMOTE_FIRMWARE_VERSION,
      errors: ['device.error'],
    }),
  ),
});
