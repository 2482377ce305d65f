import { airConditionerModels } from './families/air_conditioner/models.ts';
import { boilerModels } from './families/boiler/models.ts';
import { cooktopModels } from './families/cooktop/models.ts';
import { coolerModels } from './families/cooler/models.ts';
import { crossoverSwitchModels } from './families/crossover_switch/models.ts';
import { curtainModels } from './families/curtain/models.ts';
import { dishwasherModels } from './families/dishwasher/models.ts';
import { doorLockModels } from './families/door_lock/models.ts';
import { doorSensorModels } from './families/door_sensor/models.ts';
import { externalModuleModels } from './families/external_module/models.ts';
import { fanModels } from './families/fan/models.ts';
import { fanCoilModels } from './families/fan_coil/models.ts';
import { fanSwitchModels } from './families/fan_switch/models.ts';
import { generatorModels } from './families/generator/models.ts';
import { hoodModels } from './families/hood/models.ts';
import { irRemoteModels } from './families/ir_remote/models.ts';
import { microwaveModels } from './families/microwave/models.ts';
import { ovenModels } from './families/oven/models.ts';
import { pirButtonModels } from './families/pir_button/models.ts';
import { pirSensorModels } from './families/pir_sensor/models.ts';
import { plugModels } from './families/plug/models.ts';
import { pushButtonModels } from './families/push_button/models.ts';
import { refrigeratorModels } from './families/refrigerator/models.ts';
import { relayModels } from './families/relay/models.ts';
import { relayControllerModels } from './families/relay_controller/models.ts';
import { roomThermostatModels } from './families/room_thermostat/models.ts';
import { scenarioKeyModels } from './families/scenario_key/models.ts';
import { stoveModels } from './families/stove/models.ts';
import { switchModels } from './families/switch/models.ts';
import { vacuumCleanerModels } from './families/vacuum_cleaner/models.ts';
import { vibrationSensorModels } from './families/vibration_sensor/models.ts';
import { washingMachineModels } from './families/washing_machine/models.ts';
import { waterHeaterModels } from './families/water_heater/models.ts';
import { waySwitchModels } from './families/way_switch/models.ts';
import { linkKeys } from './link.ts';
import type { FamilyId, KeyDef, ModelProfile } from './types.ts';

export const profiles: readonly ModelProfile[] = [
  ...switchModels,
  ...relayModels,
  ...waySwitchModels,
  ...crossoverSwitchModels,
  ...fanSwitchModels,
  ...plugModels,
  ...pushButtonModels,
  ...pirButtonModels,
  ...scenarioKeyModels,
  ...curtainModels,
  ...relayControllerModels,
  ...fanModels,
  ...fanCoilModels,
  ...roomThermostatModels,
  ...coolerModels,
  ...airConditionerModels,
  ...boilerModels,
  ...waterHeaterModels,
  ...stoveModels,
  ...cooktopModels,
  ...ovenModels,
  ...microwaveModels,
  ...hoodModels,
  ...refrigeratorModels,
  ...washingMachineModels,
  ...dishwasherModels,
  ...doorLockModels,
  ...vacuumCleanerModels,
  ...irRemoteModels,
  ...pirSensorModels,
  ...doorSensorModels,
  ...vibrationSensorModels,
  ...generatorModels,
  ...externalModuleModels,
];

const byId = new Map(profiles.map((p) => [p.id, p]));

export function getProfile(id: string): ModelProfile | undefined {
  return byId.get(id);
}

export function keyOf(profile: ModelProfile, key: string): KeyDef | undefined {
  return profile.keys.find((k) => k.key === key);
}

/** Keys a device reports, the ones a live subscription asks for: its model's and its link's (router, signal). */
export function reportedKeys(profile: ModelProfile): string[] {
  return [...profile.keys, ...linkKeys(profile)].filter((k) => k.access !== 'w').map((k) => k.key);
}

/** Every family, in catalogue order. */
export const families: readonly FamilyId[] = [...new Set(profiles.map((p) => p.family))];

export function profilesOf(family: FamilyId): ModelProfile[] {
  return profiles.filter((p) => p.family === family);
}
