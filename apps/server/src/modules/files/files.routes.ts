import { createReadStream } from 'node:fs';
import {
  PROFILE_IMAGE_TYPES,
  routes,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_FILE_TYPES,
  type UploadFileType,
} from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { fileRoute, route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import { sniffImage } from '../account/profile-image.routes.ts';
import type { AppPackages } from './app-package.ts';
import type { FilesRepository } from './files.repository.ts';

/** What the bytes really are, whatever the request claims: one of the upload types, or null. */
export function sniffUpload(b: Buffer): UploadFileType | null {
  if (b.length >= 5 && b.toString('ascii', 0, 5) === '%PDF-') return 'application/pdf';
  return sniffImage(b);
}

const ALLOWED = 'PNG, JPEG, WebP or PDF';

/**
 * `files/upload` and `files/:id` (the uploader's own files), `files/app/info` and
 * `files/app/donwload` (the current app package). Registered in a scope of their own: their body
 * parser reads any type up to 1 MB, so that a wrong type gets an answer naming the allowed ones,
 * while the profile image's parser outside takes images only. 1 MB at most (decision 039).
 */
export function fileRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; files: FilesRepository; packages: AppPackages },
): void {
  const { auth, files, packages } = deps;
  app.register(async (scope) => {
    scope.removeContentTypeParser([...PROFILE_IMAGE_TYPES]);
    // Past the limit Fastify stops reading and the error handler answers 413 in the wrapper.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD_FILE_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );

    route(scope, auth, routes.uploadFile, async ({ principal, req, body }) => {
      const declared = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      if (!Buffer.isBuffer(body) || !(UPLOAD_FILE_TYPES as readonly string[]).includes(declared ?? ''))
        throw new AppError(
          'VALIDATION',
          `Send a ${ALLOWED} file as the body, its type as Content-Type (got ${declared || 'none'}).`,
        );
      if (body.length === 0) throw new AppError('VALIDATION', 'The file is empty.');
      const actual = sniffUpload(body);
      if (!actual || actual !== declared)
        throw new AppError('VALIDATION', `The file is not the ${declared} it claims to be.`);
      const row = await files.add(principal.userId, actual, body);
      return { id: row.id, mime: actual, size: row.size, createdAt: row.createdAt.toISOString() };
    });

    fileRoute(scope, auth, routes.getFile, async ({ principal, params }, reply) => {
      // Another user's file is as missing as one that never was: its existence is not told.
      const file = await files.getOwn(principal.userId, params.id);
      if (!file) throw new AppError('NOT_FOUND', 'File not found.');
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    });

    const published = async () => {
      const current = await packages.current();
      if (!current) throw new AppError('NOT_FOUND', 'No app package is published.');
      return current;
    };

    route(scope, auth, routes.appInfo, async () => {
      const { version, size, sha256, fileName } = await published();
      return { version, size, sha256, fileName };
    });

    fileRoute(scope, auth, routes.appDownload, async (_input, reply) => {
      const p = await published();
      return reply
        .header('content-type', p.mime)
        .header('content-length', String(p.size))
        .header('content-disposition', `attachment; filename="${p.fileName}"`)
        .header('x-checksum-sha256', p.sha256)
        .header('cache-control', 'no-cache')
        .send(createReadStream(p.path));
    });
  });
}
