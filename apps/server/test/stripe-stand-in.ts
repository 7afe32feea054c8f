import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for Stripe's HTTP API, for the tests: an http server on 127.0.0.1 that the
 * official library is pointed at (STRIPE_API_URL → its host, port and protocol options). It answers
 * only what the server calls — creating a Checkout Session, creating and listing refunds — with
 * bodies form-encoded as Stripe's API takes them and Stripe-shaped JSON, replays an idempotency key's
 * first answer (and refuses the key with other parameters, as Stripe does), and records every
 * request so that tests can assert amounts, currencies and keys. What happens on Stripe's side
 * without the server asking (the guest paying, a refund made in Stripe's dashboard) is a method here;
 * the events Stripe would send are signed with the library's own test-header helper.
 */

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in';

/** A parsed form body: nested objects, arrays from indexed keys, every leaf a string. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: FormBody;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

/** A Checkout Session as Stripe answers it (the fields the server and its tests read). */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  allowed_payment_method_types: string[];
  expires_at: number;
  locale: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  /** Not a Stripe field: what payment_intent_data.metadata asked the payment intent to carry. */
  intentMetadata: Record<string, string>;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'pending' | 'failed';
  metadata: Record<string, string>;
  created: number;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_URL. */
  url: string;
  /** The configuration that points the server at the stand-in. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  sessions: Map<string, StandInSession>;
  /** The guest paid on the hosted page: the session completed with a new payment intent and charge. */
  pay(sessionId: string): StandInSession;
  /** The payment's charge as a `charge.refunded` event carries it (its refunds not listed). */
  chargeOf(paymentIntent: string): Charge;
  /** A refund made in Stripe's own dashboard, not asked for by the server. */
  dashboardRefund(paymentIntent: string, amount: number, status?: StandInRefund['status']): StandInRefund;
  /** The next request answers this error (Stripe's error shape), as Stripe refusing a parameter. */
  failNext(status: number, type: string, message: string): void;
  /** The next answer waits until `during` has run: something happening while the call is in flight. */
  whileNextInFlight(during: () => Promise<void>): void;
  /** A signed delivery of an event, as Stripe would POST it: the raw body and its signature header. */
  event(
    type: string,
    object: object,
    options?: { id?: string; secret?: string },
  ): { id: string; payload: string; signature: string };
  close(): Promise<void>;
}

const signer = new Stripe(STAND_IN_SECRET_KEY);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding back into objects: `a[b][0][c]=x` → { a: { b: [{ c: 'x' }] } }. */
export function parseForm(text: string): FormBody {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): FormValue => {
    if (typeof value === 'string') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
    return indexed
      ? entries.map(([, v]) => arrays(v))
      : Object.fromEntries(entries.map(([k, v]) => [k, arrays(v)]));
  };
  return arrays(root) as FormBody;
}

const text = (value: FormValue | undefined): string => (typeof value === 'string' ? value : '');
const object = (value: FormValue | undefined): { [key: string]: FormValue } =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const list = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : []);
const strings = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(object(value)).map(([k, v]) => [k, text(v)]));

class StripeError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(status: number, type: string, message: string) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const charges = new Map<string, Charge>();
  const refunds: StandInRefund[] = [];
  const replays = new Map<string, { hash: string; status: number; body: unknown }>();
  let failure: StripeError | null = null;
  let inFlight: (() => Promise<void>) | null = null;

  function createSession(body: FormBody): StandInSession {
    const items = list(body.line_items).map(object);
    const prices = items.map((item) => object(item.price_data));
    const currency = text(prices[0]?.currency);
    if (!currency || prices.some((p) => text(p.currency) !== currency))
      throw new StripeError(400, 'invalid_request_error', 'line_items need one currency');
    const amount = items.reduce(
      (sum, item, i) => sum + Number(text(prices[i]?.unit_amount)) * Number(text(item.quantity) || '1'),
      0,
    );
    if (text(body.mode) !== 'payment' || !text(body.success_url))
      throw new StripeError(400, 'invalid_request_error', 'mode payment and success_url are required');
    const id = newId('cs');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency,
      client_reference_id: text(body.client_reference_id) || null,
      metadata: strings(body.metadata),
      payment_intent: null,
      allowed_payment_method_types: list(body.allowed_payment_method_types).map(text),
      expires_at: Number(text(body.expires_at)),
      locale: text(body.locale) || null,
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      intentMetadata: strings(object(body.payment_intent_data).metadata),
    };
    sessions.set(id, session);
    return session;
  }

  function createRefund(body: FormBody, status: StandInRefund['status'] = 'succeeded'): StandInRefund {
    const charge = [...charges.values()].find((c) => c.payment_intent === text(body.payment_intent));
    if (!charge) throw new StripeError(404, 'invalid_request_error', 'No such payment_intent');
    const amount = text(body.amount) ? Number(text(body.amount)) : charge.amount - charge.amount_refunded;
    if (!(amount > 0) || charge.amount_refunded + amount > charge.amount)
      throw new StripeError(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount');
    if (status === 'succeeded') charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      charge: charge.id,
      status,
      metadata: strings(body.metadata),
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  }

  function route(request: RecordedRequest): unknown {
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const { intentMetadata, ...session } = createSession(request.body);
      void intentMetadata;
      return session;
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && expire) {
      // Stripe expires an open session only; it is then no longer payable.
      const session = sessions.get(expire[1]!);
      if (!session) throw new StripeError(404, 'invalid_request_error', 'No such checkout.session');
      if (session.status !== 'open')
        throw new StripeError(400, 'invalid_request_error', `This Checkout Session is ${session.status}`);
      session.status = 'expired';
      const { intentMetadata, ...answer } = session;
      void intentMetadata;
      return answer;
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') return createRefund(request.body);
    if (request.method === 'GET' && request.path === '/v1/refunds') {
      const data = refunds.filter((r) => r.payment_intent === request.query.payment_intent);
      return { object: 'list', data: data.reverse(), has_more: false, url: '/v1/refunds' };
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: parseForm(raw),
        idempotencyKey: header('idempotency-key'),
        stripeVersion: header('stripe-version'),
      };
      requests.push(request);
      const answer = (status: number, body: unknown, replayed = false) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(8).toString('hex')}`,
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(JSON.stringify(body));
      };
      if (header('authorization') !== `Bearer ${STAND_IN_SECRET_KEY}`)
        return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const hash = createHash('sha256').update(`${request.method} ${request.path} ${raw}`).digest('hex');
      const earlier = request.idempotencyKey ? replays.get(request.idempotencyKey) : undefined;
      if (earlier) {
        if (earlier.hash !== hash)
          return answer(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters',
            },
          });
        return answer(earlier.status, earlier.body, true);
      }
      let status = 200;
      let body: unknown;
      try {
        if (failure) throw failure;
        body = route(request);
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        body = { error: { type: error.type, message: error.message } };
      } finally {
        failure = null;
      }
      if (request.method === 'POST' && request.idempotencyKey)
        replays.set(request.idempotencyKey, { hash, status, body });
      const during = inFlight;
      inFlight = null;
      if (during) void during().then(() => answer(status, body));
      else answer(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
    requests,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      const paymentIntent = newId('pi');
      charges.set(paymentIntent, {
        id: newId('ch'),
        object: 'charge',
        amount: session.amount_total,
        amount_captured: session.amount_total,
        amount_refunded: 0,
        currency: session.currency,
        paid: true,
        refunded: false,
        status: 'succeeded',
        payment_intent: paymentIntent,
        // Stripe gives the charge the payment intent's metadata (payment_intent_data.metadata).
        metadata: { ...session.intentMetadata },
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent });
      return session;
    },
    chargeOf(paymentIntent) {
      const charge = charges.get(paymentIntent);
      if (!charge) throw new Error(`no charge for ${paymentIntent}`);
      return { ...charge, metadata: { ...charge.metadata } };
    },
    dashboardRefund(paymentIntent, amount, status = 'succeeded') {
      return createRefund({ payment_intent: paymentIntent, amount: String(amount) }, status);
    },
    whileNextInFlight(during) {
      inFlight = during;
    },
    failNext(status, type, message) {
      failure = new StripeError(status, type, message);
    },
    event(type, eventObject, options = {}) {
      const id = options.id ?? newId('evt');
      const { intentMetadata, ...data } = eventObject as Partial<StandInSession>;
      void intentMetadata;
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: data },
      });
      const secret = options.secret ?? STAND_IN_WEBHOOK_SECRET;
      return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
