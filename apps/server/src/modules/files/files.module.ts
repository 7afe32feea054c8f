import fp from 'fastify-plugin';
import { filesRoutes } from './files.routes.ts';
import { createFilesService } from './files.service.ts';

export const filesModule = fp(
  async (app) => {
    const { db, systemLog, clock } = app.platform;
    await app.register(filesRoutes, { files: createFilesService({ db, systemLog, clock }) });
  },
  { name: 'files', dependencies: ['platform'] },
);
