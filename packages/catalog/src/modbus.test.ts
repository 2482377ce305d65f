import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogError } from './catalog-error.ts';
import { decode } from './codec.ts';
import { modbusBits, modbusRead, modbusWrite } from './modbus.ts';
import { getProfile } from './profiles.ts';
import { DATA_ARRAY_OFFSET, registerMap } from './telemetry.ts';

const boiler = getProfile('boiler-combi-24');
const curtain = getProfile('curtain-triple');
if (!boiler || !curtain) throw new Error('profiles missing');

describe('modbus-style command builder', () => {
  it('writes a setpoint with function 6 at its register, not persistent, 500 or 2000 ms', () => {
    const reg = registerMap(boiler).find((r) => r.key === 'ch_setpoint');
    const cmd = modbusWrite(boiler, 'ch_setpoint', 55);
    expect(cmd).toEqual({
      method: 'modbus',
      params: { function: 6, len: 1, address: reg?.address, data: [55], data_mask: 0 },
      persistent: false,
      timeout: 500,
    });
    expect(modbusWrite(boiler, 'ch_setpoint', 55, true).timeout).toBe(2000);
    expect(reg?.address).toBeGreaterThanOrEqual(DATA_ARRAY_OFFSET);
  });

  it('accepts every setpoint in 30..75 and refuses every other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const run = () => modbusWrite(boiler, 'dhw_setpoint', n);
        if (n >= 30 && n <= 75) expect(decode(3, run().params.data)).toBe(n);
        else expect(run).toThrow(CatalogError);
      }),
    );
  });

  it('writes strings with length 71 and refuses longer ones', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 80 }), (s) => {
        const run = () => modbusWrite(curtain, 'curtain_name1', s);
        if (s.length <= 71) {
          const cmd = run();
          expect(cmd.params.len).toBe(71);
          expect(decode(7, cmd.params.data)).toBe(s.replace(/\0.*$/s, ''));
        } else expect(run).toThrow(/71/);
      }),
    );
  });

  it('reads with function 3 and sets bits with OR, AND and MaskWrite', () => {
    expect(modbusRead(boiler, 'ch_temperature').params.function).toBe(3);
    expect(modbusBits(boiler, 'system_mode', 7, 1, 1).params).toMatchObject({
      function: 7,
      data: [1],
      data_mask: 1,
    });
    expect(modbusBits(boiler, 'system_mode', 8, 0, 1).params.function).toBe(8);
    expect(modbusBits(boiler, 'system_mode', 9, 2, 3).params.function).toBe(9);
    expect(() => modbusBits(boiler, 'system_mode', 9, 0x10000, 3)).toThrow(CatalogError);
    expect(() => modbusWrite(boiler, 'ch_temperature', 40)).toThrow(/read-only/);
    expect(() => modbusRead(boiler, 'nope')).toThrow(/Unknown key/);
  });
});
