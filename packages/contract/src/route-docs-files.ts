import type { RouteDoc } from './route-docs.ts';
import type { fileRoutes } from './routes-files.ts';

/** Files (routes-files.ts). */
export const fileRouteDocs = {
  uploadFile: {
    tag: 'Files',
    summary: 'Upload an image or a PDF (at most 1 MB) and get its id',
    description:
      'The raw bytes with their type as Content-Type: PNG, JPEG, WebP or PDF. The bytes must be of the type they claim, else 400; another type is a 400 that names the allowed ones; past 1 MB the answer is 413 and nothing more is read. Only its uploader can read it back.',
  },
  getFile: {
    tag: 'Files',
    summary: 'Get one of your uploaded files',
    description:
      "The bytes with their type and `x-content-type-options: nosniff`. Another user's file, or an id that is none, is a 404: nobody learns whether someone else's file exists.",
  },
  appDownload: {
    tag: 'Files',
    summary: 'Download the current app package',
    description:
      'The newest `hestia-<version>.apk` or `.zip` the operator put in `<DATA_DIR>/app/`, as an attachment with its SHA-256 in `x-checksum-sha256`. 404 while none is published.',
  },
  appInfo: {
    tag: 'Files',
    summary: 'Version, size and SHA-256 of the current app package',
    description:
      'For the update modal: the same package `files/app/donwload` sends, without its bytes. 404 while none is published.',
  },
} as const satisfies Record<keyof typeof fileRoutes, RouteDoc>;
