import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import { AppPackages } from './app-package.ts';
import { FilesRepository } from './files.repository.ts';
import { fileRoutes } from './files.routes.ts';

/**
 * Files (issue 25): what users upload (images and PDF attachments, in the database like the profile
 * image, readable by their uploader only) and the app package for the update modal, read from
 * `APP_PACKAGE_DIR` (else `<DATA_DIR>/app`; none with an in-memory data directory).
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'config' | 'db'> & { auth: AuthService },
): void {
  const { config, db, auth } = deps;
  const dir =
    config.APP_PACKAGE_DIR ??
    (config.dataDir.startsWith('memory://') ? undefined : join(config.dataDir, 'app'));
  fileRoutes(app, { auth, files: new FilesRepository(db), packages: new AppPackages(dir) });
}
