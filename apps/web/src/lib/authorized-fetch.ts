import { currentLanguage, i18n } from './i18n.ts';
import { httpHooks } from './http-hooks.ts';
import { ApiError, HTTP_STATUS_ERROR, NETWORK_ERROR, isEnvelope } from './http-errors.ts';
import { saveBlob } from './save-blob.ts';

/**
 * fetch() with the session's Authorization and Accept-Language headers, for the answers the JSON
 * client (http.ts) is not made for: file downloads read as a stream and Server-Sent Events. Tokens go in headers only, never
 * in a URL. A failure is thrown as the same ApiError the JSON client throws.
 */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept-Language', currentLanguage());
  const token = httpHooks().getToken();
  if (token) headers.set('Authorization', `${token.token_type} ${token.access_token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers });
  } catch (error) {
    if ((error as DOMException)?.name === 'AbortError') throw error;
    throw new ApiError(i18n.t('http.network'), NETWORK_ERROR, undefined, null);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.includes('application/json')) return response;
  // An error envelope (or a JSON answer where a file or a stream was expected).
  const body: unknown = await response.json().catch(() => null);
  if (isEnvelope(body)) {
    throw new ApiError(body.message || i18n.t('http.unanswered'), body.code, response.status, body.data);
  }
  throw new ApiError(
    i18n.t('http.status', { status: response.status }),
    HTTP_STATUS_ERROR,
    response.status,
    null,
  );
}

/** The file name the server chose (RFC 6266, with the UTF-8 form preferred), or `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a file the server streams: reads it (reporting the bytes received so far), then hands it
 * to the browser as a Blob under the server's file name.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  onProgress?: (bytes: number) => void,
): Promise<{ name: string; bytes: number }> {
  const response = await authorizedFetch(path);
  const name = fileNameFrom(response.headers.get('Content-Disposition'), fallbackName);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress?.(bytes);
    }
  }
  const blob = new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' });
  saveBlob(blob, name);
  return { name, bytes };
}
