import { getProfile } from '@hestia/catalog';

/**
 * Pure rules of device records (docs/decisions/020): the AP MAC's one written form, access tokens an
 * operator may give, and a factory batch read from CSV.
 */

/** The one stored form of a MAC: six upper-case hex pairs separated by colons. */
export const MAC_FORM = /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/;

/**
 * A MAC in any common writing (`aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff`,
 * `AABBCCDDEEFF`) in the stored form, or undefined when it is not one. Separators must be used
 * consistently; the all-zero and broadcast addresses are refused (no device has them).
 */
export function normalizeMac(input: string): string | undefined {
  const s = input.trim();
  let hex: string | undefined;
  if (/^[0-9a-f]{12}$/i.test(s)) hex = s;
  else if (/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(s) || /^([0-9a-f]{2}-){5}[0-9a-f]{2}$/i.test(s))
    hex = s.replace(/[:-]/g, '');
  else if (/^([0-9a-f]{4}\.){2}[0-9a-f]{4}$/i.test(s)) hex = s.replace(/\./g, '');
  if (!hex) return undefined;
  hex = hex.toUpperCase();
  if (hex === '000000000000' || hex === 'FFFFFFFFFFFF') return undefined;
  return hex.match(/../g)?.join(':');
}

/**
 * An access token an operator or a device may choose: 8 to 64 characters of letters, digits and
 * `-_.~` (safe as an MQTT user name and in a URL). `provision` is the provisioning user name.
 */
const TOKEN_FORM = /^[A-Za-z0-9._~-]{8,64}$/;

export function tokenProblem(token: string): string | undefined {
  if (!TOKEN_FORM.test(token)) return 'a token is 8 to 64 letters, digits or - _ . ~';
  if (token === 'provision') return '"provision" is reserved for provisioning';
  return undefined;
}

export function modelProblem(model: string): string | undefined {
  return getProfile(model) ? undefined : `unknown model "${model}" (see docs/devices.md for the model ids)`;
}

export interface CsvDevice {
  /** Line of the file the row starts on (the header is line 1). */
  line: number;
  mac: string;
  model: string;
  token?: string;
}

export class CsvError extends Error {
  override readonly name = 'CsvError';
}

/**
 * Records of RFC 4180 CSV text, each with the line it starts on. Quoted fields may hold commas,
 * doubled quotes and line breaks; a quote inside an unquoted field, or a quote left open, is an error.
 */
export function csvRecords(text: string): Array<{ line: number; cells: string[] }> {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const out: Array<{ line: number; cells: string[] }> = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endRecord = () => {
    cells.push(cell);
    // A line with nothing on it is skipped, not read as a record of one empty cell.
    if (!(cells.length === 1 && cells[0] === '' && !wasQuoted)) out.push({ line: start, cells });
    cells = [];
    cell = '';
    wasQuoted = false;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"') {
      if (cell !== '' || wasQuoted) throw new CsvError(`line ${line}: a quote inside an unquoted cell`);
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      wasQuoted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      if (wasQuoted) throw new CsvError(`line ${line}: text after a closing quote`);
      cell += c;
    }
  }
  if (quoted) throw new CsvError(`line ${start}: a quoted cell is never closed`);
  if (cell !== '' || cells.length > 0 || wasQuoted) endRecord();
  return out;
}

/** At most this many rows in one import (a factory batch is a few thousand). */
export const MAX_IMPORT_ROWS = 100_000;

/**
 * A factory batch: a header naming the columns `mac`, `model` and optionally `token` (any order, any
 * case, other columns refused), then one device a row. Every row is checked here (MAC form, known
 * model, token form, no MAC or token twice in the file); the first problem refuses the whole file,
 * naming its line.
 */
export function parseDeviceCsv(text: string): CsvDevice[] {
  const records = csvRecords(text);
  const header = records[0];
  if (!header) throw new CsvError('the file is empty: the first line names the columns mac,model[,token]');
  const names = header.cells.map((c) => c.trim().toLowerCase());
  for (const n of names)
    if (n !== 'mac' && n !== 'model' && n !== 'token')
      throw new CsvError(`line ${header.line}: unknown column "${n}" (columns: mac, model, token)`);
  for (const n of new Set(names))
    if (names.indexOf(n) !== names.lastIndexOf(n))
      throw new CsvError(`line ${header.line}: column "${n}" appears twice`);
  const macAt = names.indexOf('mac');
  const modelAt = names.indexOf('model');
  const tokenAt = names.indexOf('token');
  if (macAt < 0 || modelAt < 0)
    throw new CsvError(`line ${header.line}: the header must name the columns mac and model`);
  const rows = records.slice(1);
  if (rows.length === 0) throw new CsvError('the file has a header but no devices');
  if (rows.length > MAX_IMPORT_ROWS)
    throw new CsvError(`the file has ${rows.length} devices; import at most ${MAX_IMPORT_ROWS} at once`);
  const macLines = new Map<string, number>();
  const tokenLines = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    if (cells.length !== names.length)
      throw new CsvError(`line ${line}: ${cells.length} cells where the header has ${names.length}`);
    const rawMac = (cells[macAt] as string).trim();
    const mac = normalizeMac(rawMac);
    if (!mac) throw new CsvError(`line ${line}: "${rawMac}" is not a MAC address (AA:BB:CC:DD:EE:FF)`);
    const seen = macLines.get(mac);
    if (seen !== undefined) throw new CsvError(`line ${line}: MAC ${mac} is already on line ${seen}`);
    macLines.set(mac, line);
    const model = (cells[modelAt] as string).trim();
    const badModel = modelProblem(model);
    if (badModel) throw new CsvError(`line ${line}: ${badModel}`);
    const token = tokenAt >= 0 ? (cells[tokenAt] as string).trim() : '';
    if (token === '') return { line, mac, model };
    const badToken = tokenProblem(token);
    if (badToken) throw new CsvError(`line ${line}: ${badToken}`);
    const tokenSeen = tokenLines.get(token);
    if (tokenSeen !== undefined)
      throw new CsvError(`line ${line}: this token is already on line ${tokenSeen}`);
    tokenLines.set(token, line);
    return { line, mac, model, token };
  });
}
