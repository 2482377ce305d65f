import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES, routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { fileRoute, route } from '../../plugins/api.ts';
import type { AuthService } from './auth.service.ts';
import type { ProfileImageRepository } from './profile-image.repository.ts';

/** What the bytes really are, whatever the request claims. */
export function sniffImage(b: Buffer): (typeof PROFILE_IMAGE_TYPES)[number] | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/** `users/profile-image`: upload the raw image (PNG, JPEG or WebP, at most 1 MB) and get it back
 * (204 without a body while there is none). */
export function profileImageRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; images: ProfileImageRepository },
): void {
  const { auth, images } = deps;
  app.addContentTypeParser(
    [...PROFILE_IMAGE_TYPES],
    { parseAs: 'buffer', bodyLimit: PROFILE_IMAGE_MAX_BYTES + 1 },
    (_req, body, done) => done(null, body),
  );

  // Any declared type reaches the upload's handler, which names the types it takes (400 in words),
  // as files/upload does; without this a type no parser takes got the JSON routes' 415.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PROFILE_IMAGE_MAX_BYTES + 1 },
      (_req, body, done) => done(null, body),
    );
    route(scope, auth, routes.uploadProfileImage, async ({ principal, req, body }) => {
      const declared = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim();
      if (!Buffer.isBuffer(body) || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(declared ?? '')) {
        throw new AppError('VALIDATION', 'Send the image as PNG, JPEG or WebP.');
      }
      if (body.length > PROFILE_IMAGE_MAX_BYTES)
        throw new AppError('VALIDATION', 'The image must be at most 1 MB.');
      const actual = sniffImage(body);
      if (!actual || actual !== declared)
        throw new AppError('VALIDATION', 'The file is not the image type it claims to be.');
      const updatedAt = await images.put(principal.userId, actual, body);
      return { updatedAt: updatedAt.toISOString() };
    });
  });

  fileRoute(app, auth, routes.profileImage, async ({ principal }, reply) => {
    const image = await images.get(principal.userId);
    // No photo is an ordinary state of an account, not a missing resource: 204 and no body.
    if (!image) return reply.code(204).header('cache-control', 'private, no-cache').send();
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(image.data);
  });
}
