import { curtainChannel, curtainChannels, curtainConfig } from '../../capabilities.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

const errors = ['device.error', 'device.curtain_not_connected', 'motor.P7'];

export const curtainModels: ModelProfile[] = [
  defineModel({
    id: 'curtain-single',
    deviceType: 'curtain',
    family: 'curtain',
    variant: 'single',
    icon: 'curtain',
    features: ['position'],
    keys: curtainChannel(),
    route: route('curtain'),
  }),
  ...(['v2', 'roller', 'blind'] as const).map((v) =>
    defineModel({
      id: `curtain-single-${v}`,
      deviceType: 'curtain',
      family: 'curtain',
      variant: `single-${v}`,
      icon: 'curtain',
      features: ['position'],
      keys: [...curtainChannel(), ...curtainConfig()],
      route: route('curtain'),
      errors,
    }),
  ),
  defineModel({
    id: 'curtain-double',
    deviceType: 'curtain',
    family: 'curtain',
    variant: 'double',
    icon: 'curtain',
    features: ['position'],
    keys: [...curtainChannels(2), ...curtainConfig()],
    route: route('tripleCurtainSwitch', 'chosen'),
    errors,
  }),
  defineModel({
    id: 'curtain-triple',
    deviceType: 'tripleCurtainSwitch',
    family: 'curtain',
    variant: 'triple',
    icon: 'curtain',
    features: ['position'],
    keys: [...curtainChannels(3), ...curtainConfig()],
    route: route('tripleCurtainSwitch'),
    errors,
  }),
  defineModel({
    id: 'curtain-six-relay',
    deviceType: 'six-relay-curtain',
    family: 'curtain',
    variant: 'six-relay',
    icon: 'curtain',
    features: ['position'],
    keys: [...curtainChannels(3), ...curtainConfig()],
    route: route('six-relay-curtain'),
    errors: [...errors, 'device.relay_board'],
  }),
];
