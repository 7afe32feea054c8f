import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nameIn } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { meetingIdParams } from '@meetflow/shared/schemas/meetings';
import {
  markPaidBody,
  markPaidResult,
  orderDetail,
  orderListQuery,
  orderPage,
  revenueFigures as revenueFiguresShape,
  revenueQuery,
} from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { fileTimestamp } from '../../lib/xlsx-export.ts';
import { currentActor, currentUser } from '../../plugins/authorization.ts';
import type { OrderAdmin } from './order-admin.ts';
import { PAYMENTS_EXPORT_TEXT, paymentsSheet } from './payments-export.ts';
import { revenueFigures } from './revenue.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];
const orderParams = z.strictObject({ id: z.coerce.number().int().positive() });

/**
 * The back office's orders (issue 44): a meeting's list and one order (payment:view), marking an
 * order paid by hand (payment:manage), the accountant's export and the dashboard's revenue.
 */
export const orderAdminRoutes: FastifyPluginAsyncZod<{
  orderAdmin: OrderAdmin;
  db: Db;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { orderAdmin, db, reporting, clock }) => {
  app.get(
    '/api/meetings/:id/orders',
    {
      config: { auth: 'payment:view' },
      schema: {
        tags,
        summary:
          "A page of the meeting's orders, newest first: by status, and by a keyword in the reference or the guest's name",
        security,
        params: meetingIdParams,
        querystring: orderListQuery,
        response: { 200: envelope(orderPage) },
      },
    },
    async (request) =>
      ok(request, await orderAdmin.list(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    '/api/orders/:id',
    {
      config: { auth: 'payment:view' },
      schema: {
        tags,
        summary: 'One order: its lines, payments and refunds, receipts and credit notes',
        security,
        params: orderParams,
        response: { 200: envelope(orderDetail) },
      },
    },
    async (request) => ok(request, await orderAdmin.detail(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/orders/:id/mark-paid',
    {
      config: { auth: 'payment:manage' },
      schema: {
        tags,
        summary:
          'Record a payment seen outside the system (a transfer or FPS in the bank, cash, a card terminal): the receipt is issued and, once paid in full, the guest gets their code',
        security,
        params: orderParams,
        body: markPaidBody,
        response: { 200: envelope(markPaidResult) },
      },
    },
    async (request) =>
      ok(request, await orderAdmin.markPaid(currentActor(request), request.params.id, request.body)),
  );

  app.get(
    '/api/meetings/:id/payments/export',
    {
      // The payments' right and, for the guests' names and institutions, the guest export's.
      config: { auth: { allOf: ['payment:view', 'guest:export'] } },
      schema: {
        tags,
        summary:
          "The meeting's payments and refunds for the accountant, one row each (XLSX, streamed); needs payment:view and guest:export",
        security,
        params: meetingIdParams,
        response: { 200: xlsxAnswer('The workbook, streamed') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const meeting = await visibleMeeting(db, user, request.params.id);
      const lang = request.lang;
      const meetingName = nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${meetingName}-${PAYMENTS_EXPORT_TEXT.sheet[lang]}-${fileTimestamp(clock())}.xlsx`,
        sheets: [paymentsSheet(db, meeting.id)],
        auditKey: 'payments.exported',
        auditParams: { meeting_id: meeting.id },
        meetingId: meeting.id,
      });
    },
  );

  app.get(
    '/api/payments/revenue',
    {
      config: { auth: { allOf: ['dashboard:view', 'payment:view'] } },
      schema: {
        tags,
        summary:
          'Money received, refunded and awaiting payment per currency, over the meetings the user sees (or one of them)',
        security,
        querystring: revenueQuery,
        response: { 200: envelope(revenueFiguresShape) },
      },
    },
    async (request) => ok(request, await revenueFigures(db, currentUser(request), request.query.meeting_id)),
  );
};
