import type { FamilyId } from '@hestia/catalog';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { DeviceControl } from '../../data/control.ts';

/** What every family's control panel receives: the device's id and its `useDeviceControl` result. */
export interface PanelProps {
  deviceId: string;
  control: DeviceControl;
}

type Panel = LazyExoticComponent<ComponentType<PanelProps>>;

/**
 * The bespoke panel of each family the spec names a screen for (issue 7). A family missing here
 * gets the generic renderer, built from the catalogue's capabilities (`uiFields`). Each panel is
 * its own lazy chunk, exported as `default` from its file in this folder.
 */
const lazyPanel = (load: () => Promise<{ default: ComponentType<PanelProps> }>): Panel => lazy(load);

export const panels: Partial<Record<FamilyId, Panel>> = {
  // One line per family, e.g. `plug: lazyPanel(() => import('./PlugPanel.tsx')),`
  switch: lazyPanel(() => import('./SwitchPanel.tsx')),
  relay: lazyPanel(() => import('./SwitchPanel.tsx')),
  way_switch: lazyPanel(() => import('./SwitchPanel.tsx')),
  crossover_switch: lazyPanel(() => import('./SwitchPanel.tsx')),
  fan_switch: lazyPanel(() => import('./SwitchPanel.tsx')),
  relay_controller: lazyPanel(() => import('./SwitchPanel.tsx')),
  plug: lazyPanel(() => import('./PlugPanel.tsx')),
  curtain: lazyPanel(() => import('./CurtainPanel.tsx')),
  push_button: lazyPanel(() => import('./KeyPanel.tsx')),
  scenario_key: lazyPanel(() => import('./KeyPanel.tsx')),
  pir_button: lazyPanel(() => import('./KeyPanel.tsx')),
  pir_sensor: lazyPanel(() => import('./SensorPanels.tsx').then((m) => ({ default: m.PirSensorPanel }))),
  door_sensor: lazyPanel(() => import('./SensorPanels.tsx').then((m) => ({ default: m.DoorSensorPanel }))),
  vibration_sensor: lazyPanel(() =>
    import('./SensorPanels.tsx').then((m) => ({ default: m.VibrationPanel })),
  ),
  door_lock: lazyPanel(() => import('./DoorLockPanel.tsx')),
  vacuum_cleaner: lazyPanel(() => import('./VacuumPanel.tsx')),
  fan_coil: lazyPanel(() => import('./ThermostatPanel.tsx')),
  room_thermostat: lazyPanel(() => import('./ThermostatPanel.tsx')),
  fan: lazyPanel(() => import('./AirPanel.tsx')),
  cooler: lazyPanel(() => import('./AirPanel.tsx')),
  air_conditioner: lazyPanel(() => import('./AirPanel.tsx')),
  generator: lazyPanel(() => import('./GeneratorPanel.tsx')),
  external_module: lazyPanel(() => import('./ExternalModulePanel.tsx')),
  boiler: lazyPanel(() => import('./BoilerPanel.tsx')),
  water_heater: lazyPanel(() => import('./WaterHeaterPanel.tsx')),
  refrigerator: lazyPanel(() => import('./RefrigeratorPanel.tsx')),
  oven: lazyPanel(() => import('./OvenPanel.tsx')),
  washing_machine: lazyPanel(() => import('./LaundryPanel.tsx')),
  dishwasher: lazyPanel(() => import('./LaundryPanel.tsx')),
  hood: lazyPanel(() => import('./HoodPanel.tsx')),
  microwave: lazyPanel(() => import('./MicrowavePanel.tsx')),
  stove: lazyPanel(() => import('./HobPanel.tsx')),
  cooktop: lazyPanel(() => import('./HobPanel.tsx')),
  // Issue 23: an IR blaster lists its remotes (screens/remote).
  ir_remote: lazyPanel(() => import('../remote/RemoteListScreen.tsx')),
};
