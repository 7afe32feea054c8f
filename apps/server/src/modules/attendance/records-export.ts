import { GUEST_FIELD_NAMES } from '@meetflow/shared/guest-field-names';
import { nameIn, type Language, type Localized } from '@meetflow/shared/languages';
import { formatPhone } from '@meetflow/shared/phone';
import { DAY_END_STATION, MANUAL_STATION, type RecordExportQuery } from '@meetflow/shared/schemas/attendance';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { keysetBatches, keysetRows } from '../../lib/export-pipeline.ts';
import { xlsxSheet, type PreparedSheet, type XlsxColumn } from '../../lib/xlsx-export.ts';
import { presenceOf } from '../../core/presence.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { localMidnight, recordFilter, resolveScope } from './attendance.service.ts';
import * as records from './attendance-records.repository.ts';
import { createDayEndCloser } from './day-end.ts';

/*
 * The records page's export (issue 38): the attendance log an organiser hands to an accrediting
 * body. Two sheets through the one export pipeline, both with the page's filters: per guest and
 * scope (entries, exits, first entry, last exit, stations, minutes present), and every entry and
 * exit. The file carries phone numbers, so its route also needs the guest export's permission.
 */

const T = {
  fileName: { 'zh-tw': '出入記錄', 'zh-cn': '出入记录', en: 'attendance' },
  summarySheet: { 'zh-tw': '嘉賓出席', 'zh-cn': '嘉宾出席', en: 'By guest' },
  logSheet: { 'zh-tw': '出入記錄', 'zh-cn': '出入记录', en: 'Entries and exits' },
  guest: { 'zh-tw': '嘉賓', 'zh-cn': '嘉宾', en: 'Guest' },
  guestCode: { 'zh-tw': '嘉賓碼', 'zh-cn': '嘉宾码', en: 'Guest code' },
  phone: GUEST_FIELD_NAMES.phone,
  scope: { 'zh-tw': '場次', 'zh-cn': '场次', en: 'Session' },
  wholeMeeting: { 'zh-tw': '整個會議', 'zh-cn': '整个会议', en: 'Whole meeting' },
  entries: { 'zh-tw': '入場次數', 'zh-cn': '入场次数', en: 'Entries' },
  exits: { 'zh-tw': '離場次數', 'zh-cn': '离场次数', en: 'Exits' },
  firstIn: { 'zh-tw': '首次入場', 'zh-cn': '首次入场', en: 'First entry' },
  lastOut: { 'zh-tw': '最後離場', 'zh-cn': '最后离场', en: 'Last exit' },
  stations: { 'zh-tw': '入口站', 'zh-cn': '入口站', en: 'Stations' },
  minutes: { 'zh-tw': '出席分鐘', 'zh-cn': '出席分钟', en: 'Minutes present' },
  time: { 'zh-tw': '時間', 'zh-cn': '时间', en: 'Time' },
  type: { 'zh-tw': '類型', 'zh-cn': '类型', en: 'Type' },
  in: { 'zh-tw': '入場', 'zh-cn': '入场', en: 'Entry' },
  out: { 'zh-tw': '離場', 'zh-cn': '离场', en: 'Exit' },
  station: { 'zh-tw': '入口站', 'zh-cn': '入口站', en: 'Station' },
  operator: { 'zh-tw': '操作人', 'zh-cn': '操作人', en: 'Operator' },
  [MANUAL_STATION]: { 'zh-tw': '手動', 'zh-cn': '手动', en: 'Manual' },
  [DAY_END_STATION]: { 'zh-tw': '日終自動離場', 'zh-cn': '日终自动离场', en: 'Day end (automatic)' },
} as const satisfies Record<string, Localized>;

type LogRow = records.ExportedRecordRow;

/** One guest's log in one scope, summed up. */
interface GuestScopeRow {
  first: LogRow;
  entries: number;
  exits: number;
  firstIn: number | null;
  lastOut: number | null;
  stations: string[];
  minutes: number;
}

const stationName = (station: string, lang: Language) =>
  station === MANUAL_STATION || station === DAY_END_STATION ? T[station][lang] : station;
const scopeName = (row: LogRow, lang: Language) =>
  Number(row.scope_id) === 0 ? T.wholeMeeting[lang] : (row.schedule_name ?? '');
/** An erased guest's code and phone are placeholders ('erased:<id>'), not data: left blank, as the name is. */
const erased = (row: LogRow) => row.erased_at !== null;
/** The guest's phone as the guest export writes it (formatPhone, international). */
const phoneOf = (row: LogRow) => (row.phone && !erased(row) ? formatPhone(row.phone, row.area_code) : null);

const GUEST_COLUMNS: XlsxColumn<LogRow>[] = [
  {
    header: T.guest,
    width: 20,
    value: (r) =>
      guestDisplayName({ name: r.guest_name, name_zh: r.guest_name_zh, name_en: r.guest_name_en }),
  },
  { header: T.guestCode, width: 36, value: (r) => (erased(r) ? null : r.guest_code) },
  { header: T.phone, width: 18, value: phoneOf },
  { header: T.scope, width: 20, value: scopeName },
];

const SUMMARY_COLUMNS: XlsxColumn<GuestScopeRow>[] = [
  ...GUEST_COLUMNS.map((column) => ({
    ...column,
    value: (r: GuestScopeRow, lang: Language) => column.value(r.first, lang),
  })),
  { header: T.entries, width: 10, type: 'number', value: (r) => r.entries },
  { header: T.exits, width: 10, type: 'number', value: (r) => r.exits },
  { header: T.firstIn, width: 20, type: 'datetime', value: (r) => r.firstIn },
  { header: T.lastOut, width: 20, type: 'datetime', value: (r) => r.lastOut },
  {
    header: T.stations,
    width: 24,
    value: (r, lang) => r.stations.map((s) => stationName(s, lang)).join(', '),
  },
  { header: T.minutes, width: 12, type: 'number', value: (r) => r.minutes },
];

const LOG_COLUMNS: XlsxColumn<LogRow>[] = [
  { header: T.time, width: 20, type: 'datetime', value: (r) => Number(r.created_at) },
  ...GUEST_COLUMNS,
  { header: T.type, width: 8, value: (r, lang) => T[r.type][lang] },
  { header: T.station, width: 18, value: (r, lang) => stationName(r.station, lang) },
  { header: T.operator, width: 16, value: (r) => r.operator_name },
];

/** One guest's log in one scope (time order) summed up; time present as the certificates count it. */
function summarize(log: LogRow[], now: number, zone: string): GuestScopeRow {
  const first = log[0]!;
  const scopeId = Number(first.scope_id);
  const events = log.map((r) => ({ scope_id: scopeId, type: r.type, created_at: Number(r.created_at) }));
  const entries = events.filter((e) => e.type === 'in');
  const exits = events.filter((e) => e.type === 'out');
  return {
    first,
    entries: entries.length,
    exits: exits.length,
    firstIn: entries[0]?.created_at ?? null,
    lastOut: exits.at(-1)?.created_at ?? null,
    stations: [...new Set(log.map((r) => r.station))],
    minutes: presenceOf(events, now, zone).scopeMinutes.get(scopeId) ?? 0,
  };
}

/** The logs, ordered by guest and scope, grouped and summed up one guest and scope at a time. */
async function* guestScopeRows(logs: AsyncIterable<LogRow[]>, now: number, zone: string) {
  let group: LogRow[] = [];
  for await (const batch of logs) {
    for (const row of batch) {
      const current = group[0];
      if (
        current &&
        (Number(current.guest_id) !== Number(row.guest_id) ||
          Number(current.scope_id) !== Number(row.scope_id))
      ) {
        yield summarize(group, now, zone);
        group = [];
      }
      group.push(row);
    }
  }
  if (group.length > 0) yield summarize(group, now, zone);
}

export function createRecordsExport(deps: {
  db: Db;
  clock: () => number;
  timeZone: string;
  webhooks: WebhookEmitter;
}) {
  const { db, clock } = deps;
  const closeEarlierDays = createDayEndCloser(db, deps.webhooks);

  return {
    /** The export's meeting, name and sheets; refused before the first byte if not allowed. */
    async prepare(user: AuthUser, query: RecordExportQuery, lang: Language) {
      const scope = await resolveScope(db, user, query.meeting_id, query.schedule_id);
      const now = clock();
      const today = localMidnight(now);
      await closeEarlierDays(scope.meetingId, today);
      const filter = recordFilter(scope, query, today);
      const m = scope.meeting;
      const sheets: PreparedSheet[] = [
        xlsxSheet({
          name: T.summarySheet,
          columns: SUMMARY_COLUMNS,
          rows: guestScopeRows(
            keysetBatches((last: LogRow | undefined, size) =>
              records.guestLogsAfter(db, filter, lang, last, size),
            ),
            now,
            deps.timeZone,
          ),
        }),
        xlsxSheet({
          name: T.logSheet,
          columns: LOG_COLUMNS,
          rows: keysetRows((last: LogRow | undefined, size) =>
            records.recordsAfter(db, filter, lang, last, size),
          ),
        }),
      ];
      return {
        meeting: m,
        meetingName: nameIn(lang, m.name, m.name_cn, m.name_en),
        fileLabel: T.fileName[lang],
        sheets,
      };
    },
  };
}
export type RecordsExport = ReturnType<typeof createRecordsExport>;
