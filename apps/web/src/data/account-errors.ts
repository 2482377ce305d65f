import { ApiError } from '@hestia/client';
import type { TFunction } from 'i18next';
import { errorText } from './errors.ts';

/** Server texts of the account routes that are not in the contract's lists, to their keys. */
const KNOWN: ReadonlyArray<[RegExp, (m: RegExpExecArray, t: TFunction) => string]> = [
  [/^The current password is incorrect\.$/, (_, t) => t('account.errors.currentPasswordWrong')],
  [/^Please wait (\d+) seconds? before asking/, (m, t) => t('account.errors.wait', { count: Number(m[1]) })],
  [/^Too many codes were sent/, (_, t) => t('account.errors.tooManyCodes')],
  [/^Too many sign-ups from your network/, (_, t) => t('account.errors.tooManySignups')],
  [/^Enter the password you chose to finish signing up/, (_, t) => t('account.errors.confirmWithPassword')],
  [/^The code could not be sent/, (_, t) => t('account.errors.sendFailed')],
  [/^Sending codes is not set up/, (_, t) => t('account.errors.notConfigured')],
  [/^Send the image as PNG/, (_, t) => t('account.errors.imageType')],
  [/^The image must be at most 1 MB/, (_, t) => t('account.errors.imageSize')],
  [/^The file is not the image type/, (_, t) => t('account.errors.imageMismatch')],
  [/The name cannot be empty/, (_, t) => t('account.errors.nameEmpty')],
  [/Unknown time zone/, (_, t) => t('account.errors.timeZone')],
  [/^Session not found$/, (_, t) => t('account.errors.sessionNotFound')],
  [/Username is required/, (_, t) => t('account.errors.usernameRequired')],
  [/The verification code is required/, (_, t) => t('account.errors.codeRequired')],
];

/** The user-facing text of a failed account call (spec section 8), in the interface language. */
export function accountErrorText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError) {
    for (const [re, text] of KNOWN) {
      const m = re.exec(err.message);
      if (m) return text(m, t);
    }
  }
  return errorText(err, t);
}
