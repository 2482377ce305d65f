import type { RouteDoc } from './route-docs.ts';
import type { accountRoutes } from './routes-account.ts';

const limited = ['RATE_LIMITED'] as const;

/** Accounts, sessions, profile, notifications and time (routes-account.ts). */
export const accountRouteDocs = {
  login: {
    tag: 'Account',
    summary: 'Sign in with a username and password',
    description:
      "The username is an email address or a mobile number. Answers an access token (JWT, sent as `Authorization: Bearer`), a refresh token and the access token's lifetime. Guesses are limited per account and per requester (docs/decisions/017).",
    errors: ['BAD_CREDENTIALS', 'ACCOUNT_DISABLED', ...limited],
    clientId: true,
    refreshCookie: true,
  },
  authenticate: {
    tag: 'Account',
    summary: 'Send a one-time sign-in code',
    description:
      'Sends a code to the email address or mobile number, which then signs in as a password would. The answer says where the code went; it is the same whether or not the account exists.',
    errors: limited,
    clientId: true,
  },
  register: {
    tag: 'Account',
    summary: 'Start signing up: send a verification code',
    description:
      'Sends a code to the email address or mobile number; `register-finalize` creates the account with it.',
    errors: ['CONFLICT', ...limited],
    clientId: true,
  },
  registerFinalize: {
    tag: 'Account',
    summary: 'Finish signing up with the verification code',
    description: 'Creates the account and signs it in, answering as `login` does.',
    errors: ['CONFLICT', ...limited],
    clientId: true,
    refreshCookie: true,
  },
  refreshToken: {
    tag: 'Sessions',
    summary: 'Trade a refresh token for new tokens',
    description:
      'The refresh token comes in the body, or as the HttpOnly refresh cookie when the body has none (the web app, docs/decisions/022); a token from the cookie is only ever answered as the cookie. Each refresh token is used once: a new one comes with the new access token, and a spent one presented again (after a short grace) ends its session. A session started with `x-client-id` refreshes only with the same id.',
    errors: ['TOKEN_INVALID', 'ACCOUNT_DISABLED'],
    clientId: true,
    refreshCookie: true,
  },
  logout: {
    tag: 'Sessions',
    summary: 'Sign out: end this session',
    description:
      'Ends the session of the access token, or of the refresh token in the body, and clears the refresh cookie. Callable without a token so an expired session can still sign out.',
  },
  resetPasswordRequest: {
    tag: 'Account',
    summary: 'Send a password recovery code',
    description: 'Same as `reset-password/send-recovery-code` (the spec names both paths).',
    errors: limited,
    clientId: true,
  },
  sendRecoveryCode: {
    tag: 'Account',
    summary: 'Send a password recovery code',
    description: 'Sends a code to the email address or mobile number of the account, if there is one.',
    errors: limited,
    clientId: true,
  },
  checkRecoveryCode: {
    tag: 'Account',
    summary: 'Check a password recovery code before choosing the new password',
    errors: limited,
    clientId: true,
  },
  resetPassword: {
    tag: 'Account',
    summary: 'Choose a new password with a recovery code',
    description: 'Ends every session of the account.',
    errors: limited,
    clientId: true,
  },
  changePassword: {
    tag: 'Account',
    summary: 'Change the password, knowing the current one',
    errors: limited,
  },
  profile: { tag: 'Account', summary: "The signed-in user's profile" },
  uploadProfileImage: {
    tag: 'Account',
    summary: 'Upload a profile picture',
    description: 'The raw image bytes (PNG, JPEG or WebP, at most 1 MB), its type as Content-Type.',
  },
  profileImage: {
    tag: 'Account',
    summary: 'Download the profile picture',
    description: 'The image as uploaded, with its Content-Type; 204 without a body while there is none.',
  },
  updateProfile: {
    tag: 'Account',
    summary: 'Change one part of the profile: name, location, notifications, time zone or tariff',
    description: "The body depends on `type`; it is checked against that type's schema.",
  },
  customer: {
    tag: 'Account',
    summary: "The signed-in user's customer profile (the same as users/profile)",
    description:
      'The spec’s customer is the user’s own profile: one record, read here or at `users/profile`.',
  },
  updateCustomer: {
    tag: 'Account',
    summary: 'Replace the name (and optionally the time zone) of the profile',
    description:
      'firstName (1 to 64 characters), lastName (up to 64, empty when absent) and an optional IANA timeZone. Any other field is refused with 400 naming it: email and phone change only through their code flows.',
  },
  changeEmailRequest: {
    tag: 'Account',
    summary: 'Send a code to a new email address',
    errors: ['CONFLICT', ...limited],
    clientId: true,
  },
  changeEmail: {
    tag: 'Account',
    summary: 'Confirm the new email address with its code',
    errors: ['CONFLICT', ...limited],
    clientId: true,
  },
  changePhoneRequest: {
    tag: 'Account',
    summary: 'Send a code to a new mobile number',
    errors: ['CONFLICT', ...limited],
    clientId: true,
  },
  changePhone: {
    tag: 'Account',
    summary: 'Confirm the new mobile number with its code',
    errors: ['CONFLICT', ...limited],
    clientId: true,
  },
  sessions: {
    tag: 'Sessions',
    summary: "List the user's sessions (signed-in apps)",
    description: 'Each with its app, when it was last active and whether it is online now.',
  },
  terminateSession: {
    tag: 'Sessions',
    summary: "End one of the user's sessions",
    description: 'Its tokens stop working and its live sockets close with code 4001.',
  },
  deleteSession: {
    tag: 'Sessions',
    summary: "End one of the user's sessions (the spec's DELETE form)",
    description: 'Same as `users/sessions/{id}/terminate`.',
  },
  sessionOnline: {
    tag: 'Sessions',
    summary: 'Say this session is in use (heartbeat)',
    description: 'An open app sends it every 60 s; a session counts as online for 3 minutes after.',
  },
  sessionOffline: { tag: 'Sessions', summary: 'Say this session is no longer in use (the app closed)' },
  time: {
    tag: 'Account',
    summary: "The server's clock",
    description: 'Epoch milliseconds; clients compute their clock offset from it.',
  },
  notifications: { tag: 'Account', summary: "List the user's notifications, newest first" },
  unreadNotifications: { tag: 'Account', summary: 'Count the unread notifications' },
  seeNotification: { tag: 'Account', summary: 'Mark one notification as seen' },
  readAllNotifications: { tag: 'Account', summary: 'Mark every notification as seen' },
} as const satisfies Partial<Record<keyof typeof accountRoutes, RouteDoc>>;
