import http from 'node:http';
import zlib from 'node:zlib';
import { pngImage } from '../e2e/support/files.ts';
import { BROWSER_ACCEPT_ENCODING, MEETING_NAME, sleep } from './door-offline-settings.ts';
import { ADMIN } from './lib.ts';

// In the bench: the API, the meeting, its guests and the station's copy as the server sends it.

export interface Api {
  base: string;
  authorization: string;
  call<T>(path: string, init?: RequestInit): Promise<T>;
  json<T>(path: string, body: unknown): Promise<T>;
}

export async function logIn(base: string): Promise<Api> {
  const unwrap = async <T>(response: Response, what: string) => {
    const body = (await response.json()) as { code: number; message: string; data: T };
    if (body.code !== 0) throw new Error(`${what}: ${body.message} ${JSON.stringify(body.data)}`);
    return body.data;
  };
  const login = await unwrap<{ token: { access_token: string } }>(
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
    'login',
  );
  const authorization = `Bearer ${login.token.access_token}`;
  const call = async <T>(p: string, init: RequestInit = {}) =>
    unwrap<T>(await fetch(`${base}/api${p}`, { ...init, headers: { authorization, ...init.headers } }), p);
  return {
    base,
    authorization,
    call,
    json: <T>(p: string, body: unknown) =>
      call<T>(p, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

/** A general meeting running today, with the same name in every language (the setup dialog lists it so). */
export async function createMeeting(api: Api): Promise<number> {
  const org = await api.json<{ id: number }>('/organizations', { name: 'Bench offline door org' });
  const form = new FormData();
  form.set('kind', 'banner');
  form.set('file', new Blob([new Uint8Array(pngImage(360, 120))], { type: 'image/png' }), 'banner.png');
  const banner = await api.call<{ id: string }>('/files', { method: 'POST', body: form });
  const now = Date.now();
  const meeting = await api.json<{ id: number }>('/meetings', {
    organization_id: org.id,
    name: MEETING_NAME,
    name_cn: MEETING_NAME,
    name_en: MEETING_NAME,
    location: 'Macao',
    start_at: now - 3_600_000,
    end_at: now + 2 * 86_400_000,
    registration_limit: 0,
    multi_language: false,
    signup_enabled: true,
    meeting_type: 'general',
    banner_file_id: banner.id,
    schedule_file_id: null,
    guide_file_id: null,
  });
  return meeting.id;
}

export interface Guest {
  name: string;
  code: string;
}

/** `count` guests from one CSV through the import API (as e2e's importGuests), and `wanted` of their codes. */
export async function importGuests(
  api: Api,
  meetingId: number,
  count: number,
  wanted: number,
): Promise<Guest[]> {
  const header =
    'Name,Gender,Local guest,Area code,Mobile number,E-mail,Institution,Job title,Contact name,Contact number,Contact mobile';
  const rows = Array.from({ length: count }, (_, n) => {
    const phone = String(62_100_000 + n);
    return [
      `Door ${String(n).padStart(4, '0')}`,
      n % 2 ? 'Male' : 'Female',
      'Yes',
      '853',
      phone,
      `door${phone}@example.com`,
      'Hospital',
      'Doctor',
      'Desk',
      '28000000',
      '66999999',
    ].join(',');
  });
  const form = new FormData();
  form.set('file', new Blob([[header, ...rows].join('\n')], { type: 'text/csv' }), 'door.csv');
  const upload = await api.call<{ id: number; mapping: unknown[] }>(`/meetings/${meetingId}/guest-imports`, {
    method: 'POST',
    body: form,
  });
  await api.json(`/guest-imports/${upload.id}/start`, { mapping: upload.mapping });
  for (const deadline = Date.now() + 120_000; ;) {
    const state = await api.call<{ status: string; error: string | null }>(`/guest-imports/${upload.id}`);
    if (state.status === 'done') break;
    if (state.status === 'failed' || Date.now() > deadline) throw new Error(`import: ${state.error}`);
    await sleep(100);
  }
  const guests: Guest[] = [];
  let total = 0;
  for (let page = 1; guests.length < wanted; page += 1) {
    const list = await api.call<{ total: number; items: { name: string; guest_code: string }[] }>(
      `/meetings/${meetingId}/guests?page=${page}&page_size=100`,
    );
    total = list.total;
    if (list.items.length === 0) break;
    guests.push(...list.items.map((g) => ({ name: g.name, code: g.guest_code })));
  }
  if (total !== count || guests.length < wanted) throw new Error(`imported ${total} of ${count} guests`);
  return guests.slice(0, wanted);
}

export const recordCount = async (api: Api, meetingId: number) =>
  (await api.call<{ total: number }>(`/attendance/records?meeting_id=${meetingId}&page_size=1`)).total;

/** The full copy as Chromium would receive it: the compressed body's length, read off the socket. */
export function fetchCopy(api: Api, meetingId: number) {
  return new Promise<{ body: Buffer; headerBytes: number; encoding: string }>((resolve, reject) => {
    const request = http.get(
      `${api.base}/api/attendance/offline-data?meeting_id=${meetingId}`,
      { headers: { authorization: api.authorization, 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          // Status line and header lines as sent: "name: value\r\n" each, then an empty line.
          const headerBytes =
            Buffer.byteLength(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`) +
            response.rawHeaders.reduce((sum, v) => sum + Buffer.byteLength(v) + 2, 0) +
            2;
          resolve({
            body: Buffer.concat(chunks),
            headerBytes,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
          });
        });
      },
    );
    request.on('error', reject);
  });
}

export function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}
