import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv.ts';

describe('csv cells', () => {
  it('turns text a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+cmd|calc')).toBe(`'+cmd|calc`);
    expect(csvCell('-2+3')).toBe(`'-2+3`);
    expect(csvCell('@SUM(A1:A9)')).toBe(`'@SUM(A1:A9)`);
    expect(csvCell('\t=1+1')).toBe(`'\t=1+1`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('leaves numbers and ordinary text alone, and quotes separators', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+1e3')).toBe('+1e3');
    expect(csvCell(0.5)).toBe('0.5');
    expect(csvCell('Kettle plug')).toBe('Kettle plug');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(null)).toBe('');
    expect(csvText([['a', '=b'], []])).toBe(`a,'=b\r\n\r\n`);
  });
});
