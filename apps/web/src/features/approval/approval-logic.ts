import type {
  AdmissionSettings,
  AdmissionSettingsBody,
  ApplicationItem,
  ApplicationQuery,
  ApplicationStatus,
  ApprovalMode,
  DecideResult,
} from '@meetflow/shared/schemas/approval';
import { APPLICATION_STATUSES } from '@meetflow/shared/schemas/approval';
import { field, type ListStateOptions } from '../../lib/use-list-state.ts';

/*
 * The approval page's pure parts: what its URL keeps, the request it makes, the settings form's
 * values, and what a bulk decision's answer tells the organiser.
 */

export interface ApprovalFilters {
  meeting: number;
  /** Unset: pending, the queue's first tab. */
  status: Exclude<ApplicationStatus, 'pending'>;
  keyword: string;
}

export const LIST_OPTIONS: ListStateOptions<ApprovalFilters, never> = {
  filters: {
    meeting: field.number(),
    status: field.enum(APPLICATION_STATUSES.filter((s) => s !== 'pending') as ApprovalFilters['status'][]),
    keyword: field.string(),
  },
  sizes: [20, 50, 100, 200],
  defaultSize: 50,
};

export function listQuery(page: number, size: number, filters: Partial<ApprovalFilters>): ApplicationQuery {
  return {
    status: filters.status ?? 'pending',
    page,
    page_size: size,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
  };
}

/** antd Tag colours of the statuses: waiting (orange), in (green), out (red), gone (grey). */
export const STATUS_COLORS: Record<ApplicationStatus, string | undefined> = {
  pending: 'orange',
  approved: 'success',
  rejected: 'error',
  withdrawn: undefined,
};

/** The settings form's values; the types are only sent for approval by type. */
export interface SettingsValues {
  approval: ApprovalMode;
  approval_holds_seat: boolean;
  approval_user_type_ids: number[];
  reject_erase_days: number;
  group_max: number;
}

export function settingsValues(settings: AdmissionSettings): SettingsValues {
  return {
    approval: settings.approval,
    approval_holds_seat: settings.approval_holds_seat,
    approval_user_type_ids: settings.approval_user_type_ids,
    reject_erase_days: settings.reject_erase_days,
    group_max: settings.group_max,
  };
}

export function settingsBody(values: SettingsValues): AdmissionSettingsBody {
  return {
    ...values,
    approval_user_type_ids:
      values.approval === 'types' ? [...values.approval_user_type_ids].sort((a, b) => a - b) : [],
  };
}

/**
 * Approval by registration type is offered where there are types (meetings with sign-up by date
 * and session) or where it is already chosen (so that the form shows what is saved).
 */
export function approvalModes(dateSchedule: boolean, current: ApprovalMode | undefined): ApprovalMode[] {
  return dateSchedule || current === 'types' ? ['none', 'all', 'types'] : ['none', 'all'];
}

/** The catalogue's refusal names the page explains; any other is shown by its name. */
const KNOWN_REFUSALS = [
  'APPLICATION_DECIDED',
  'MEETING_FULL',
  'SESSION_FULL',
  'APPLICATION_NOT_FOUND',
  'APPLICATION_PHONE_SIGNED_UP',
] as const;
export type RefusalKey = (typeof KNOWN_REFUSALS)[number] | 'other';

export function refusalKey(reason: string): RefusalKey {
  return (KNOWN_REFUSALS as readonly string[]).includes(reason) ? (reason as RefusalKey) : 'other';
}

/** A bulk decision's outcome, with the names of those refused (from the rows the organiser chose). */
export interface DecideSummary {
  decided: number;
  refused: { id: number; name: string; reason: string }[];
}

export function decideSummary(
  result: DecideResult,
  chosen: readonly Pick<ApplicationItem, 'id' | 'display_name'>[],
): DecideSummary {
  const names = new Map(chosen.map((item) => [item.id, item.display_name]));
  return {
    decided: result.decided.length,
    refused: result.refused.map((r) => ({ id: r.id, name: names.get(r.id) ?? `#${r.id}`, reason: r.reason })),
  };
}
