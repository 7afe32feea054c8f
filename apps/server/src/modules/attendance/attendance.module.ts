import fp from 'fastify-plugin';
import { attendanceRoutes } from './attendance.routes.ts';
import { createAttendanceService } from './attendance.service.ts';
import { offlineDoorRoutes } from './offline-door.routes.ts';
import { createOfflineDoorService } from './offline-door.service.ts';
import { createRecordsExport } from './records-export.ts';
import { recordsExportRoutes } from './records-export.routes.ts';

/** Scans, figures, the live stream, the records export and the offline door; answers the live figures. */
export const attendanceModule = fp(
  async (app) => {
    const { config, db, systemLog, clock, webhooks, live, reporting } = app.platform;
    const attendance = createAttendanceService({
      db,
      systemLog,
      clock,
      repeatWindowMs: config.scanRepeatWindowMs,
      onRecorded: (scope) => live.publish(scope),
      webhooks,
      counters: app.platform.metrics.counters,
    });
    app.platform.liveFigures.fill(attendance);
    await app.register(attendanceRoutes, {
      attendance,
      live,
      sessionStillValid: app.auth.sessionStillValid,
      clock,
    });
    await app.register(recordsExportRoutes, {
      recordsExport: createRecordsExport({ db, clock, timeZone: config.timeZone, webhooks }),
      reporting,
      clock,
    });
    const mail = app.mail.service;
    const door = createOfflineDoorService({
      db,
      systemLog,
      clock,
      timeZone: config.timeZone,
      repeatWindowMs: config.scanRepeatWindowMs,
      doorSecret: await app.platform.secret('door'),
      loginCodeRequired: (meetingId) => mail.loginCodeRequired(meetingId),
      onRecorded: (scope) => live.publish(scope),
      webhooks,
      counters: app.platform.metrics.counters,
    });
    await app.register(offlineDoorRoutes, { door });
  },
  { name: 'attendance', dependencies: ['platform', 'auth', 'mail'] },
);
