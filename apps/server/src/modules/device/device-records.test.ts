import { describe, expect, it } from 'vitest';
import { CsvError, csvRecords, normalizeMac, parseDeviceCsv, tokenProblem } from './device-records.ts';

describe('normalizeMac', () => {
  it('writes every common form as upper-case pairs with colons', () => {
    for (const input of [
      'a4:cf:12:0b:9e:01',
      'A4-CF-12-0B-9E-01',
      'a4cf.120b.9e01',
      'A4CF120B9E01',
      '  a4:CF:12:0b:9E:01 ',
    ])
      expect([input, normalizeMac(input)]).toEqual([input, 'A4:CF:12:0B:9E:01']);
  });

  it('refuses what is not a MAC, mixed separators and the all-zero and broadcast addresses', () => {
    for (const input of [
      '',
      'a4:cf:12:0b:9e',
      'a4:cf:12:0b:9e:01:02',
      'a4:cf-12:0b:9e:01',
      'g4:cf:12:0b:9e:01',
      'a4cf120b9e0',
      'a4:cf:12:0b:9e:1',
      '00:00:00:00:00:00',
      'ff:ff:ff:ff:ff:ff',
    ])
      expect([input, normalizeMac(input)]).toEqual([input, undefined]);
  });
});

describe('tokenProblem', () => {
  it('takes URL-safe tokens of 8 to 64 characters, not the provisioning user name', () => {
    expect(tokenProblem('A1b2C3d4')).toBeUndefined();
    expect(tokenProblem('x'.repeat(64))).toBeUndefined();
    expect(tokenProblem('short')).toMatch(/8 to 64/);
    expect(tokenProblem('x'.repeat(65))).toMatch(/8 to 64/);
    expect(tokenProblem('has space1')).toMatch(/8 to 64/);
    expect(tokenProblem('provision')).toMatch(/reserved/);
  });
});

describe('csvRecords', () => {
  it('reads quoted cells with commas, quotes and line breaks, and names the line each record starts on', () => {
    const text = '\uFEFFa,b\r\n"x,1","say ""hi"""\n\n"two\nlines",z\n';
    expect(csvRecords(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x,1', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('reads a last record without a line end, and refuses broken quoting', () => {
    expect(csvRecords('a,b\n1,2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
    expect(() => csvRecords('a\n"open')).toThrow(/line 2: a quoted cell is never closed/);
    expect(() => csvRecords('a\nx"y')).toThrow(/line 2: a quote inside an unquoted cell/);
    expect(() => csvRecords('a\n"x"y')).toThrow(/line 2: text after a closing quote/);
  });
});

describe('parseDeviceCsv', () => {
  it('reads mac, model and optional token in any column order, MACs normalized', () => {
    const rows = parseDeviceCsv(
      'Model,MAC,token\nswitch-one-pole,a4cf120b9e01,\nplug-metering,A4-CF-12-0B-9E-02,Factory-Token-2\n',
    );
    expect(rows).toEqual([
      { line: 2, mac: 'A4:CF:12:0B:9E:01', model: 'switch-one-pole' },
      { line: 3, mac: 'A4:CF:12:0B:9E:02', model: 'plug-metering', token: 'Factory-Token-2' },
    ]);
  });

  it('refuses the whole file at the first bad row, naming its line', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['mac,model\n', /no devices/],
      ['mac,kind\naa:bb:cc:dd:ee:01,x\n', /line 1: unknown column "kind"/],
      ['mac\naa:bb:cc:dd:ee:01\n', /line 1: the header must name the columns mac and model/],
      ['mac,model,mac\n', /line 1: column "mac" appears twice/],
      ['mac,model\naa:bb:cc:dd:ee:01,switch-one-pole\nnot-a-mac,switch-one-pole\n', /line 3: "not-a-mac"/],
      [
        'mac,model\naa:bb:cc:dd:ee:01,switch-one-pole\naa:bb:cc:dd:ee:02,toaster\n',
        /line 3: unknown model "toaster"/,
      ],
      [
        'mac,model\naa:bb:cc:dd:ee:01,switch-one-pole\n\nAABBCCDDEE01,switch-one-pole\n',
        /line 4: MAC AA:BB:CC:DD:EE:01 is already on line 2/,
      ],
      ['mac,model,token\naa:bb:cc:dd:ee:01,switch-one-pole,bad token\n', /line 2: a token is 8 to 64/],
      [
        'mac,model,token\naa:bb:cc:dd:ee:01,switch-one-pole,SameToken1\naa:bb:cc:dd:ee:02,switch-one-pole,SameToken1\n',
        /line 3: this token is already on line 2/,
      ],
      ['mac,model\naa:bb:cc:dd:ee:01\n', /line 2: 1 cells where the header has 2/],
    ];
    for (const [text, message] of cases) {
      let err: unknown;
      try {
        parseDeviceCsv(text);
      } catch (e) {
        err = e;
      }
      expect([text, err instanceof CsvError]).toEqual([text, true]);
      expect([text, (err as Error).message]).toEqual([text, expect.stringMatching(message)]);
    }
  });
});
