import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, CAPTCHA_ANSWER } from './constants.ts';

/**
 * Sets up data through the real API (the same server the browser uses), so a test can start from
 * the state it needs without clicking through unrelated screens.
 */
export class Api {
  private readonly request: APIRequestContext;
  private readonly authorization: string;

  private constructor(request: APIRequestContext, authorization: string) {
    this.request = request;
    this.authorization = authorization;
  }

  static async login(request: APIRequestContext, credentials = ADMIN): Promise<Api> {
    const captcha = await Api.unwrap<{ captcha_id: string }>(await request.get('/api/captcha'));
    const login = await Api.unwrap<{ token: { access_token: string; token_type: string } }>(
      await request.post('/api/login', {
        data: { ...credentials, captcha_id: captcha.captcha_id, verify_code: CAPTCHA_ANSWER },
      }),
    );
    return new Api(request, `${login.token.token_type} ${login.token.access_token}`);
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`/api${path}`, {
      method,
      headers: { Authorization: this.authorization },
      ...(data === undefined ? {} : { data }),
    });
    return Api.unwrap<T>(response);
  }

  /** A file the API answers with (PDF, ZIP, XLSX), as bytes. */
  async bytes(path: string): Promise<Buffer> {
    const response = await this.request.get(`/api${path}`, {
      headers: { Authorization: this.authorization },
    });
    expect(response.status(), `${path}: ${response.status()}`).toBe(200);
    return response.body();
  }

  async upload(
    path: string,
    fields: Record<string, string>,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    const response = await this.request.post(`/api${path}`, {
      headers: { Authorization: this.authorization },
      multipart: { ...fields, file },
    });
    return Api.unwrap<{ id: string }>(response);
  }

  private static async unwrap<T>(response: import('@playwright/test').APIResponse): Promise<T> {
    const body = (await response.json()) as { code: number; message: string; data: T };
    expect(body.code, `${response.url()}: ${body.message}`).toBe(0);
    return body.data;
  }
}
