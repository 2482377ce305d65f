import { z } from 'zod';
import type { RouteDef } from './routes.ts';
import { binaryFileSchema } from './wrapper.ts';

/**
 * What `files/upload` takes (issue 25): an image (a photo for the profile, a remote or a support
 * request) or a PDF (a support attachment), sent as the raw bytes with their Content-Type. The bytes
 * must really be of the type they claim.
 */
export const UPLOAD_FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];
/** The most bytes an uploaded file may have; past it the server answers 413 without reading on. */
export const UPLOAD_FILE_MAX_BYTES = 1024 * 1024;

/** An uploaded file as the server keeps it. */
export const uploadedFileSchema = z.object({
  id: z.string().uuid(),
  mime: z.enum(UPLOAD_FILE_TYPES),
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * The app package the server offers for download (`files/app/info`, for the update modal): its
 * version, size in bytes, SHA-256 of its bytes (hex) and file name.
 */
export const appPackageInfoSchema = z.object({
  version: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  fileName: z.string(),
});
export type AppPackageInfo = z.infer<typeof appPackageInfoSchema>;

/** Files (spec: files/upload, files/app/donwload, files/app/info). */
export const fileRoutes = {
  /** Upload one file, the raw bytes with their type as Content-Type (UPLOAD_FILE_TYPES). */
  uploadFile: {
    method: 'POST',
    path: '/files/upload',
    anonymous: false,
    bodyKind: 'binary',
    response: uploadedFileSchema,
  },
  /** One of the caller's uploaded files, with its type; another user's is not found. */
  getFile: {
    method: 'GET',
    path: '/files/:id',
    anonymous: false,
    params: z.object({ id: z.string().uuid() }),
    responseKind: 'binary',
    response: binaryFileSchema,
  },
  /** The current app package (the spec's spelling of the path). */
  appDownload: {
    method: 'GET',
    path: '/files/app/donwload',
    anonymous: false,
    responseKind: 'binary',
    response: binaryFileSchema,
  },
  appInfo: { method: 'GET', path: '/files/app/info', anonymous: false, response: appPackageInfoSchema },
} as const satisfies Record<string, RouteDef>;
