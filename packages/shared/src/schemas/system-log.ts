import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from '../constants.ts';
import { fieldChange } from './privacy.ts';

/** What happened (system_logs.action_type). */
export const LOG_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'password_change',
  'create',
  'update',
  'delete',
  'export',
  'sign_up',
  'code_lookup',
  'error',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/** Who caused it (system_logs.source_type): the back office, a visitor, the browser app, the server. */
export const LOG_SOURCES = ['admin', 'public', 'client', 'system'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

/** The spec's time presets of the log page; the server computes them from its own clock. */
export const LOG_RANGE_PRESETS = ['week', 'month', 'three_months'] as const;
export type LogRangePreset = (typeof LOG_RANGE_PRESETS)[number];

export const LOG_PAGE_SIZE_MAX = 100;

const text = (max: number) => z.string().trim().max(max).optional();

/** Filters shared by the list and the export. */
export const systemLogFilter = z.strictObject({
  action_type: z.enum(LOG_ACTIONS).optional(),
  source_type: z.enum(LOG_SOURCES).optional(),
  /** Part of the user name, case-insensitive. */
  username: text(64),
  /** The start of the address (prefix), so that "10.0." finds a whole subnet. */
  ip: text(64),
  /** Part of the content, case-insensitive. */
  keyword: text(100),
  /** A preset relative to the server's clock; from/to are ignored when it is given. */
  range: z.enum(LOG_RANGE_PRESETS).optional(),
  /** Entries at or after this time (ms). */
  from: z.coerce.number().int().min(0).optional(),
  /** Entries at or before this time (ms). */
  to: z.coerce.number().int().min(0).optional(),
});
export type SystemLogFilter = z.output<typeof systemLogFilter>;

export const systemLogQuery = systemLogFilter.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LOG_PAGE_SIZE_MAX).default(20),
});
export type SystemLogQuery = z.input<typeof systemLogQuery>;

export const systemLogEntry = z.object({
  id: z.number().int(),
  content: z.string(),
  action_type: z.string(),
  source_type: z.string(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  /** In the request's language; private and loopback addresses read as the intranet. */
  ip_location: z.string().nullable(),
  created_at: z.number().int(),
  /** The fields a change touched, before and after (personal values masked); [] where none were recorded. */
  changes: z.array(fieldChange),
});
export type SystemLogEntry = z.infer<typeof systemLogEntry>;

export const systemLogPage = z.object({
  items: z.array(systemLogEntry),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SystemLogPage = z.infer<typeof systemLogPage>;

/** One uncaught browser error, as kept in session storage under `errorLog` (spec §8). */
export const clientErrorBody = z.strictObject({
  url: z.string().max(CLIENT_ERROR_LIMITS.url),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack),
  info: z.string().max(CLIENT_ERROR_LIMITS.info),
  /** YYYY-MM-DD HH:mm:ss in the browser's local time. */
  time: z.string().max(CLIENT_ERROR_LIMITS.time),
});
export type ClientErrorBody = z.infer<typeof clientErrorBody>;
