import type { Language } from '@meetflow/shared/languages';
import type { CmePublicCodeResult, CmePublicVerifyResult } from '@meetflow/shared/schemas/cme';
import { currentLanguage } from '../../../lib/i18n.ts';
import { fileNameOf, NETWORK_FAILURE, PublicApiError, publicRequest } from '../public-api.ts';

export type { CmePublicTranscript, CmePublicVerifyResult } from '@meetflow/shared/schemas/cme';

/*
 * The doctor's CME record page: a code to the e-mail, the code for an access token and the records,
 * and the PDF fetched with that token as `Authorization: Bearer` (never in a URL). Type imports only:
 * the page carries no zod.
 */

export const cmePublicApi = {
  /** Answered alike whether or not the address is known (no enumeration). */
  sendCode: (email: string) =>
    publicRequest<CmePublicCodeResult>('POST', '/public/cme/code', { body: { email } }),
  verify: (email: string, code: string) =>
    publicRequest<CmePublicVerifyResult>('POST', '/public/cme/verify', { body: { email, code } }),
  transcriptPdf,
};

/** One record's transcript as PDF, in `language`; errors come as the usual envelope. */
async function transcriptPdf(
  token: string,
  record: { organization_id: number; person_id: number },
  language: Language,
): Promise<{ blob: Blob; name: string }> {
  const query = `organization_id=${record.organization_id}&person_id=${record.person_id}&language=${language}`;
  let response: Response;
  try {
    response = await fetch(`/api/public/cme/transcript.pdf?${query}`, {
      headers: { 'Accept-Language': currentLanguage(), Authorization: `Bearer ${token}` },
      credentials: 'omit',
    });
  } catch {
    throw new PublicApiError('', NETWORK_FAILURE, 0, null);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) throw await refusal(response);
  try {
    const blob = await response.blob();
    return { blob, name: fileNameOf(response.headers.get('Content-Disposition')) ?? 'cme-transcript.pdf' };
  } catch {
    throw new PublicApiError('', NETWORK_FAILURE, response.status, null);
  }
}

/** The error an answer that is not the file stands for (its envelope's, or a transport failure). */
async function refusal(response: Response): Promise<PublicApiError> {
  const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  if (body && typeof body.code === 'number') {
    return new PublicApiError(
      typeof body.message === 'string' ? body.message : '',
      body.code,
      response.status,
      null,
    );
  }
  return new PublicApiError('', NETWORK_FAILURE, response.status, null);
}
