import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Api } from './api.ts';
import { pngImage } from './files.ts';
import { macaoPhone } from './public-meetings.ts';

/*
 * A CME record to look at (issue 43): one organisation, two meetings running now, a doctor who came
 * to both (signed up with the same e-mail each time) and a colleague who came to the first; each
 * meeting's certificates issued with its credits.
 */

export interface CmeSeed {
  organizationId: number;
  meetings: { id: number; public_id: string; name: string }[];
  doctor: { name: string; email: string };
  colleague: { name: string; email: string };
  /** The doctor's credits over both meetings. */
  doctorCredits: number;
}

const CREDITS = [2.5, 1.5];

/** Signs a doctor up to a general meeting through the public API; answers the guest code. */
export async function signUpCmeGuest(
  request: APIRequestContext,
  publicId: string,
  name: string,
  email: string,
) {
  const response = await request.post(`/api/public/meetings/${publicId}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name,
      gender: 'male',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email,
      institution: 'Conde S. Januário Hospital',
      job_title: 'Physician',
      contact_name: 'Desk',
      contact_number: '28000000',
      contact_phone: '66999999',
    },
  });
  const body = (await response.json()) as {
    code: number;
    message: string;
    data: { guest: { guest_code: string } };
  };
  expect(body.code, body.message).toBe(0);
  return body.data.guest.guest_code;
}

export async function seedCmeRecord(api: Api, request: APIRequestContext, label: string): Promise<CmeSeed> {
  const stamp = `${Date.now()}`;
  const organization = await api.call<{ id: number }>('POST', '/organizations', {
    name: `CME college ${label} ${stamp}`,
  });
  const doctor = { name: `Dr Lei ${stamp.slice(-5)}`, email: `cme-${stamp}@example.com` };
  const colleague = { name: `Dr Wong ${stamp.slice(-5)}`, email: `cme-colleague-${stamp}@example.com` };
  const meetings: CmeSeed['meetings'] = [];
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  for (const [index, credits] of CREDITS.entries()) {
    const name = `CME ${label} ${index + 1} ${stamp}`;
    const meeting = await api.call<{ id: number; public_id: string }>('POST', '/meetings', {
      organization_id: organization.id,
      name: `${name}（繁）`,
      name_cn: `${name}（简）`,
      name_en: `${name} (EN)`,
      location: '澳門會展中心',
      location_cn: '澳门会展中心',
      location_en: 'Macao Convention Centre',
      start_at: Date.now() - 3_600_000,
      end_at: Date.now() + 6 * 3_600_000,
      registration_limit: 0,
      multi_language: true,
      signup_enabled: true,
      meeting_type: 'general',
      banner_file_id: banner.id,
      schedule_file_id: null,
      guide_file_id: null,
    });
    meetings.push({ ...meeting, name });
    const codes = [await signUpCmeGuest(request, meeting.public_id, doctor.name, doctor.email)];
    if (index === 0)
      codes.push(await signUpCmeGuest(request, meeting.public_id, colleague.name, colleague.email));
    for (const code of codes) {
      await api.call('POST', '/attendance/scans', {
        meeting_id: meeting.id,
        schedule_id: null,
        guest_code: code,
        direction: 'in',
        station: 'Gate A',
        nonce: randomUUID(),
      });
    }
    const settings = await api.call<{ template: object }>(
      'GET',
      `/meetings/${meeting.id}/certificate-settings`,
    );
    await api.call('PUT', `/meetings/${meeting.id}/certificate-settings`, {
      rule: { meeting_credits: credits },
      template: settings.template,
      guest_download: true,
    });
    await api.call('POST', `/meetings/${meeting.id}/certificates/issue`, { all_earned: true });
  }
  return {
    organizationId: organization.id,
    meetings,
    doctor,
    colleague,
    doctorCredits: CREDITS.reduce((sum, n) => sum + n, 0),
  };
}

/** The six digits in a CME code mail's subject or text. */
export function cmeCodeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no six-digit code in "${text.slice(0, 200)}"`);
  return match[1]!;
}
