import { curtainChannel, curtainChannels, curtainConfig } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { defineModel, type Fragment, route } from '../../model.ts';
import type { Route } from '../../types.ts';

const errors = ['device.error', 'device.curtain_not_connected', 'motor.P7'];

function curtain(
  id: string,
  deviceType: string,
  variant: string,
  parts: Fragment[],
  screen: Route,
  modelErrors: string[] = errors,
) {
  return defineModel({
    id,
    deviceType,
    variant,
    features: ['position'],
    parts,
    route: screen,
    errors: modelErrors,
  });
}

/** Curtain motors and multi-curtain switches. */
export default defineFamily({
  id: 'curtain',
  models: [
    curtain('curtain-single', 'curtain', 'single', [curtainChannel()], route('curtain'), []),
    curtain(
      'curtain-single-v2',
      'curtain',
      'single-v2',
      [curtainChannel(), curtainConfig()],
      route('curtain'),
    ),
    curtain(
      'curtain-single-roller',
      'curtain',
      'single-roller',
      [curtainChannel(), curtainConfig()],
      route('curtain'),
    ),
    curtain(
      'curtain-single-blind',
      'curtain',
      'single-blind',
      [curtainChannel(), curtainConfig()],
      route('curtain'),
    ),
    curtain(
      'curtain-double',
      'curtain',
      'double',
      [curtainChannels(2), curtainConfig()],
      route('tripleCurtainSwitch', 'chosen'),
    ),
    curtain(
      'curtain-triple',
      'tripleCurtainSwitch',
      'triple',
      [curtainChannels(3), curtainConfig()],
      route('tripleCurtainSwitch'),
    ),
    curtain(
      'curtain-six-relay',
      'six-relay-curtain',
      'six-relay',
      [curtainChannels(3), curtainConfig()],
      route('six-relay-curtain'),
      [...errors, 'device.relay_board'],
    ),
  ],
});
