import { relays } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

function externalModule(id: string, inputs: number, outputs: number) {
  return defineModel({
    id,
    deviceType: 'external-module',
    variant: `${inputs}-in-${outputs}-out`,
    features: ['quick_toggle', 'events'],
    parts: [
      relays(outputs),
      ...Array.from({ length: inputs }, (_, i) =>
        status(`input_${i + 1}`, [0, 1], {
          source: 'chosen',
          sim: { type: 'event', everyMs: 40_000 + i * 5000, cycle: [1, 0] },
        }),
      ),
    ],
    route: route('external-module'),
    errors: ['device.error', 'device.relay_board'],
  });
}

/** External modules: dry-contact inputs reported as events, and output relays. */
export default defineFamily({
  id: 'external_module',
  models: [
    externalModule('external-module-2in-1out', 2, 1),
    externalModule('external-module-2in-2out', 2, 2),
    externalModule('external-module-4in-2out', 4, 2),
    externalModule('external-module-4in-4out', 4, 4),
  ],
});
