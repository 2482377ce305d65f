import { beep, relays, touchPanel } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { defineModel, route } from '../../model.ts';

function waySwitch(id: string, n: number, v: 'classic' | 'touch') {
  return defineModel({
    id,
    deviceType: 'way-switch',
    variant: `${n}-gang-${v}`,
    features: ['quick_toggle', ...(n > 1 ? (['master_power'] as const) : [])],
    parts: [relays(n, { bits: true }), beep, ...(v === 'touch' ? [touchPanel(n)] : [])],
    route: route('way-switch'),
    errors: ['device.error'],
  });
}

/** Two-way (staircase) switches: the relay follows whichever of the linked switches was pressed last. */
export default defineFamily({
  id: 'way_switch',
  models: [
    waySwitch('way-switch-1g-classic', 1, 'classic'),
    waySwitch('way-switch-1g-touch', 1, 'touch'),
    waySwitch('way-switch-2g-classic', 2, 'classic'),
    waySwitch('way-switch-2g-touch', 2, 'touch'),
    waySwitch('way-switch-3g-classic', 3, 'classic'),
    waySwitch('way-switch-3g-touch', 3, 'touch'),
  ],
});
