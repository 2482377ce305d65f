/**
 * Error codes shared by server and clients. `status` is the wrapper's statusCode; for codes that are
 * not HTTP statuses (1015) `http` is what goes on the wire.
 */
export const errorCatalog = {
  TOKEN_MISSING: { status: 400, message: 'token must exists' },
  TOKEN_INVALID: { status: 401, message: 'The session has expired. Please log in again.' },
  VALIDATION: { status: 400, message: 'The request is not valid.' },
  /** A JSON route was sent a body of another type (docs/decisions/042). */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send JSON (Content-Type: application/json).' },
  BAD_CREDENTIALS: { status: 401, message: 'The username or password is incorrect.' },
  ACCOUNT_DISABLED: { status: 1015, http: 403, message: 'This account is disabled.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this item.' },
  SHARING_NOT_ALLOWED: { status: 403, message: 'Sharing is not allowed.' },
  VIEW_ONLY: { status: 403, message: 'This device is shared with you for viewing only.' },
  NOT_FOUND: { status: 404, message: 'Request not found' },
  CONFLICT: { status: 409, message: 'This already exists.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  DEVICE_OFFLINE: { status: 409, message: 'The device is not connected to the internet.' },
  DEVICE_NO_ANSWER: { status: 504, message: 'Disturbance in communication with the device.' },
  DEVICE_REJECTED: { status: 502, message: 'The device refused the command.' },
  CONFIG_DISABLED: { status: 403, message: 'Configuration is disabled by the owner or admin.' },
  PAIR_KEY_NOT_LIVE: {
    status: 409,
    message: 'This pair key has expired or was already used. Start adding the device again.',
  },
  NOT_OWNED_BY_OTHER: { status: 409, message: 'This device is not owned by another user.' },
  FIRMWARE_SHARED: { status: 403, message: 'Firmware update is not possible on a shared device.' },
  FIRMWARE_OFFLINE: {
    status: 409,
    message: 'The device is not connected to the internet: bring the device online first.',
  },
  FIRMWARE_UP_TO_DATE: { status: 409, message: 'No newer firmware for this device: it is up to date.' },
  /** The device reported firmware below MIN_FIRMWARE_VERSION (7.15): no command is sent to it. */
  FIRMWARE_TOO_OLD: { status: 409, message: 'Device not up to date, contact support.' },
  FIRMWARE_TOO_BIG: { status: 413, message: 'The firmware file is too big.' },
  /** Voice (issue 23): the speech matched none of the user's commands (spec's words). */
  VOICE_NO_SEQUENCE: { status: 404, message: 'No sequence was found in the speech.' },
  /** Voice: the user has no voice commands to match against (spec's words). */
  VOICE_NO_COMMANDS: { status: 404, message: 'No voice commands available.' },
  NOTIFY_SETTINGS_OWNER_ONLY: {
    status: 403,
    message: 'Notification settings are unavailable for shared devices.',
  },
  LOG_UNAUTHORIZED: { status: 401, message: 'Logs need the log service’s basic authorization.' },
  LOG_THROTTLED: {
    status: 429,
    message: 'This message was just logged: the same message is taken once every 2 seconds.',
  },
  SERVICE_DOWN: { status: 503, message: 'A part of the server is down; try again later.' },
  INTERNAL: { status: 500, message: 'Something went wrong, try again.' },
} as const satisfies Record<string, { status: number; http?: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

/** HTTP status to put on the wire for an error code. */
export function httpStatusOf(code: ErrorCode): number {
  const entry: { status: number; http?: number } = errorCatalog[code];
  return entry.http ?? entry.status;
}

/** The account's own failures (login, sign-up, passwords), by name. */
export const messages = {
  badCredentials: 'The username or password is incorrect.',
  badCode: 'The verification code is not correct.',
  noUser: 'User does not exist.',
  badMobile: 'The mobile number is invalid.',
  badEmail: 'The email address is invalid.',
  samePassword: 'New password should be different from existing.',
  weakPassword:
    'The password must have at least 8 characters with an upper-case letter, a lower-case letter and a digit.',
  emptyPassword: 'Password cannot be empty',
  commonPassword: 'This password is too common and easy to guess. Choose another one.',
  taken: 'An account with this email or mobile number already exists.',
} as const;
