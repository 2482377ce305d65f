import { describe, expect, it } from 'vitest';
import { humanize, optionBase } from './control-kit.ts';

describe('control kit', () => {
  it('humanises a catalogue name no locale has yet', () => {
    expect(humanize('water_temperature_setpoint')).toBe('Water temperature setpoint');
    expect(humanize('relay_3')).toBe('Relay 3');
  });

  it('translates numbered select keys under one option set', () => {
    expect(optionBase('relay_memory_mode_3')).toBe('relay_memory_mode');
    expect(optionBase('channel_action_mode_6')).toBe('channel_action_mode');
    expect(optionBase('fan_speed')).toBe('fan_speed');
  });
});
