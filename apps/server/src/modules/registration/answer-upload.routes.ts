import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANSWER_FILE_MAX_BYTES } from '@meetflow/shared/forms/form-basics';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { answerFile, MB } from '@meetflow/shared/schemas/files';
import { publicMeetingParams } from '@meetflow/shared/schemas/public';
import { readUpload } from '../../lib/multipart-upload.ts';
import { multipartForm } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import type { RegistrationService } from './registration.service.ts';

/** The sign-up page's uploads for the file fields of a meeting's form (multipart, this plugin only). */
export const answerUploadRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (
  app,
  { registration },
) => {
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 1024,
      fileSize: ANSWER_FILE_MAX_BYTES,
      headerPairs: 50,
    },
  });

  app.post(
    '/api/public/meetings/:publicId/uploads',
    {
      config: { auth: 'public' },
      // The application's 1 MB body limit is raised for this route alone.
      bodyLimit: ANSWER_FILE_MAX_BYTES + MB,
      schema: {
        tags: ['public'],
        summary:
          "Upload a file for a file field of the meeting's form (multipart field `file`: PDF, JPEG or PNG, judged by its bytes, at most 5 MB); answers what the sign-up's answer names",
        params: publicMeetingParams,
        multipartBody: multipartForm({}),
        response: { 200: envelope(answerFile) },
      },
    },
    async (request) =>
      ok(
        request,
        await registration.uploadAnswerFile(request.params.publicId, request.ip, () => readUpload(request)),
      ),
  );
};
