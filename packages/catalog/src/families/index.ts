/**
 * The family registry: one line per family module, in catalogue order (catalog.json, docs/devices.md,
 * the app's category list). Adding a family is its folder `families/<id>/index.ts`, one line here, and
 * its names in the web app's locale texts; `FamilyId` follows from this list.
 */
import airConditioner from './air_conditioner/index.ts';
import boiler from './boiler/index.ts';
import cooktop from './cooktop/index.ts';
import cooler from './cooler/index.ts';
import crossoverSwitch from './crossover_switch/index.ts';
import curtain from './curtain/index.ts';
import dishwasher from './dishwasher/index.ts';
import doorLock from './door_lock/index.ts';
import doorSensor from './door_sensor/index.ts';
import externalModule from './external_module/index.ts';
import fan from './fan/index.ts';
import fanCoil from './fan_coil/index.ts';
import fanSwitch from './fan_switch/index.ts';
import generator from './generator/index.ts';
import hood from './hood/index.ts';
import irRemote from './ir_remote/index.ts';
import microwave from './microwave/index.ts';
import oven from './oven/index.ts';
import pirButton from './pir_button/index.ts';
import pirSensor from './pir_sensor/index.ts';
import plug from './plug/index.ts';
import pushButton from './push_button/index.ts';
import refrigerator from './refrigerator/index.ts';
import relay from './relay/index.ts';
import relayController from './relay_controller/index.ts';
import roomThermostat from './room_thermostat/index.ts';
import scenarioKey from './scenario_key/index.ts';
import stove from './stove/index.ts';
import switchFamily from './switch/index.ts';

import vacuumCleaner from './vacuum_cleaner/index.ts';
import vibrationSensor from './vibration_sensor/index.ts';
import washingMachine from './washing_machine/index.ts';
import waterHeater from './water_heater/index.ts';
import waySwitch from './way_switch/index.ts';

export const familyRegistry = [
  switchFamily,
  relay,
  waySwitch,
  crossoverSwitch,
  fanSwitch,
  plug,
  pushButton,
  pirButton,
  scenarioKey,
  curtain,
  relayController,
  fan,
  fanCoil,
  roomThermostat,
  cooler,
  airConditioner,
  boiler,
  waterHeater,
  stove,
  cooktop,
  oven,
  microwave,
  hood,
  refrigerator,
  washingMachine,
  dishwasher,
  doorLock,
  vacuumCleaner,
  irRemote,
  pirSensor,
  doorSensor,
  vibrationSensor,
  generator,
  externalModule,
] as const;

/** A device family, snake_case singular. */
export type FamilyId = (typeof familyRegistry)[number]['id'];
