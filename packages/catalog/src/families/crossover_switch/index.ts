import { beep, relays, touchPanel } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { defineModel, route } from '../../model.ts';

function crossover(id: string, n: number, v: 'classic' | 'touch') {
  return defineModel({
    id,
    deviceType: 'crossOverSwitch',
    variant: `${n}-gang-${v}`,
    features: ['quick_toggle', ...(n > 1 ? (['master_power'] as const) : [])],
    parts: [relays(n, { bits: true }), beep, ...(v === 'touch' ? [touchPanel(n)] : [])],
    route: route('crossOverSwitch'),
    errors: ['device.error'],
  });
}

/** Crossover (intermediate) switches for three or more control points. */
export default defineFamily({
  id: 'crossover_switch',
  models: [
    crossover('crossover-switch-1g-classic', 1, 'classic'),
    crossover('crossover-switch-1g-touch', 1, 'touch'),
    crossover('crossover-switch-2g-classic', 2, 'classic'),
    crossover('crossover-switch-2g-touch', 2, 'touch'),
  ],
});
