import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { PairKeyFormat } from '@hestia/contract';

/**
 * The pair key's rules (docs/decisions/026): the spec's two readings, how a key is kept (SHA-256
 * salted with the device id, never the key itself) and how a key a device sent back is read.
 */

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] as string;

/**
 * A new key: `alpha` is one lowercase letter, another lowercase letter, one uppercase letter and one
 * digit in a random order; `digits` is a random whole number 0 to 9999 written with four digits.
 */
export function newPairKey(format: PairKeyFormat): string {
  if (format === 'digits') return String(randomInt(10_000)).padStart(4, '0');
  const chars = [pick(LOWER), pick(LOWER), pick(UPPER), pick(DIGITS)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/** How a key is stored: SHA-256 of the device id and the key, hex. */
export function pairKeyHash(deviceId: string, key: string): string {
  return createHash('sha256').update(`${deviceId}:${key}`).digest('hex');
}

/**
 * The hashes a key sent back may match: as sent, and for the four-digit reading sent as a number
 * (`42` for `0042`, as the simulator and a firmware reading a number do) with its leading zeros back.
 */
export function pairKeyHashes(deviceId: string, sent: string): string[] {
  const key = sent.trim();
  const forms = new Set([key]);
  if (/^\d{1,4}$/.test(key)) forms.add(key.padStart(4, '0'));
  return [...forms].map((k) => pairKeyHash(deviceId, k));
}

/** A change-owner key: 16 random URL-safe characters, sent to the device with the pair key. */
export const newOwnerKey = () => randomBytes(12).toString('base64url');

/** How an owner key is stored: its SHA-256, hex. */
export const ownerKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');
