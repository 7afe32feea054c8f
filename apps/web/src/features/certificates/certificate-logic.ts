import type {
  BadgeLayout,
  CertificateBlock,
  CertificateListQuery,
  CertificateRule,
  CertificateSettings,
  CertificateSettingsInput,
  CertificateState,
  CertificateTemplate,
} from '@meetflow/shared/schemas/certificates';
import type { Language } from '@meetflow/shared/languages';

/*
 * The certificates page's pure parts: minutes as hours and minutes, the list's and the downloads'
 * queries, the forms' values to and from the settings, and the server's field names on the forms.
 */

/** Whole minutes split into hours and the minutes left over (negative and fractional input rounded to 0). */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const whole = Number.isFinite(total) ? Math.max(0, Math.round(total)) : 0;
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/** Hours and minutes back into whole minutes; empty parts count as 0. */
export function joinMinutes(hours: number | null | undefined, minutes: number | null | undefined): number {
  return Math.max(0, Math.round((hours ?? 0) * 60 + (minutes ?? 0)));
}

/** "2 h 05 min" / "45 min" with the unit texts of the reader's language. */
export function formatMinutes(total: number, units: { h: string; min: string }): string {
  const { hours, minutes } = splitMinutes(total);
  if (hours === 0) return `${minutes} ${units.min}`;
  return `${hours} ${units.h} ${String(minutes).padStart(2, '0')} ${units.min}`;
}

/** The list's filters as the URL keeps them. */
export interface CertificateFilters {
  keyword?: string;
  state?: CertificateState;
}

/** The list request: the page, its size and the filters that are set. */
export function listQuery(page: number, size: number, filters: CertificateFilters): CertificateListQuery {
  return {
    page,
    page_size: size,
    ...(filters.keyword?.trim() ? { keyword: filters.keyword.trim() } : {}),
    ...(filters.state ? { state: filters.state } : {}),
  };
}

function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The XLSX list with the list's filters, without paging. */
export function exportPath(meetingId: number, filters: CertificateFilters): string {
  return withQuery(`/meetings/${meetingId}/certificates/export`, {
    keyword: filters.keyword?.trim(),
    state: filters.state,
  });
}

export function zipPath(meetingId: number): string {
  return `/meetings/${meetingId}/certificates/zip`;
}

export function pdfPath(meetingId: number, guestId: number): string {
  return `/meetings/${meetingId}/certificates/${guestId}/pdf`;
}

export interface BadgeFilters {
  layout: BadgeLayout;
  keyword?: string;
  userTypeId?: number;
}

/** The badge sheet for every live guest matching the filters. */
export function badgePath(meetingId: number, filters: BadgeFilters): string {
  return withQuery(`/meetings/${meetingId}/badges`, {
    layout: filters.layout,
    keyword: filters.keyword?.trim(),
    user_type_id: filters.userTypeId,
  });
}

/** The rule tab's values: credits per session keyed by the session's id. */
export interface RuleFormValues {
  min_minutes: number;
  required_session_ids: number[];
  every_day: boolean;
  session_min_minutes: number;
  meeting_credits: number;
  session_credits: Record<string, number | null>;
  meeting_evaluation_required: boolean;
  session_evaluations_required: boolean;
  guest_download: boolean;
}

export function ruleFormValues(settings: CertificateSettings): RuleFormValues {
  const { rule } = settings;
  return {
    min_minutes: rule.min_minutes,
    required_session_ids: rule.required_session_ids,
    every_day: rule.every_day,
    session_min_minutes: rule.session_min_minutes,
    meeting_credits: rule.meeting_credits,
    session_credits: Object.fromEntries(rule.session_credits.map((c) => [String(c.schedule_id), c.credits])),
    meeting_evaluation_required: rule.meeting_evaluation_required,
    session_evaluations_required: rule.session_evaluations_required,
    guest_download: settings.guest_download,
  };
}

/** The rule as saved: sessions without credits (empty or 0) left out. */
export function ruleFromForm(values: RuleFormValues): CertificateRule {
  return {
    min_minutes: values.min_minutes ?? 0,
    required_session_ids: values.required_session_ids ?? [],
    every_day: values.every_day ?? false,
    session_min_minutes: values.session_min_minutes ?? 1,
    meeting_credits: values.meeting_credits ?? 0,
    session_credits: Object.entries(values.session_credits ?? {})
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)
      .map(([id, credits]) => ({ schedule_id: Number(id), credits })),
    meeting_evaluation_required: values.meeting_evaluation_required ?? false,
    session_evaluations_required: values.session_evaluations_required ?? false,
  };
}

/** The template tab's values: the QR code as a switch and a size. */
export interface TemplateFormValues {
  page: CertificateTemplate['page'];
  language: Language;
  background_file_id: string | null;
  blocks: CertificateBlock[];
  qr_enabled: boolean;
  qr_size_mm: number;
  qr_right_mm: number;
  qr_bottom_mm: number;
}

const QR_DEFAULT = { size_mm: 24, right_mm: 18, bottom_mm: 14 };

export function templateFormValues(template: CertificateTemplate): TemplateFormValues {
  const qr = template.qr ?? QR_DEFAULT;
  return {
    page: template.page,
    language: template.language,
    background_file_id: template.background_file_id,
    blocks: template.blocks,
    qr_enabled: template.qr !== null,
    qr_size_mm: qr.size_mm,
    qr_right_mm: qr.right_mm,
    qr_bottom_mm: qr.bottom_mm,
  };
}

export function templateFromForm(values: TemplateFormValues): CertificateTemplate {
  return {
    page: values.page,
    language: values.language,
    background_file_id: values.background_file_id ?? null,
    blocks: (values.blocks ?? []).map((block) => ({ ...NEW_BLOCK, ...block })),
    qr: values.qr_enabled
      ? {
          size_mm: values.qr_size_mm ?? QR_DEFAULT.size_mm,
          right_mm: values.qr_right_mm ?? QR_DEFAULT.right_mm,
          bottom_mm: values.qr_bottom_mm ?? QR_DEFAULT.bottom_mm,
        }
      : null,
  };
}

/** A block added to the template: centred text in the middle of the page. */
export const NEW_BLOCK: CertificateBlock = {
  text: '',
  x: 50,
  y: 50,
  width: 80,
  size: 16,
  align: 'center',
  bold: false,
  color: '#222222',
};

export function settingsInput(
  rule: CertificateRule,
  template: CertificateTemplate,
  guestDownload: boolean,
): CertificateSettingsInput {
  return { rule, template, guest_download: guestDownload };
}

/**
 * The server's field errors (`rule.min_minutes`, `template.blocks.2.text`, `guest_download`) that
 * belong to one form, as antd name paths inside it; the rule tab also holds `guest_download`.
 */
export function formFieldErrors(
  data: unknown,
  section: 'rule' | 'template',
): { name: (string | number)[]; errors: string[] }[] {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return [];
  const result: { name: (string | number)[]; errors: string[] }[] = [];
  for (const [key, message] of Object.entries(fields)) {
    if (typeof message !== 'string') continue;
    const parts = key.split('.');
    let path: string[];
    if (parts[0] === section) path = parts.slice(1);
    else if (section === 'rule' && key === 'guest_download') path = parts;
    else continue;
    if (section === 'template' && path[0] === 'qr') path = [`qr_${path[1] ?? 'size_mm'}`];
    if (path.length === 0) continue;
    result.push({ name: path.map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [message] });
  }
  return result;
}
