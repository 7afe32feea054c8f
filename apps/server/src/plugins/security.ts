import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict headers for everything. Styles allow 'unsafe-inline' only because Ant Design injects
 * its CSS-in-JS at run time; scripts come from our own origin alone.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The door camera's QR reader (ZXing) is WebAssembly: compiling it needs this, and no more.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      // blob: lets the door print a badge PDF it fetched (a hidden frame of our own blob URL).
      frameSrc: ["'self'", 'blob:'],
      frameAncestors: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets, worked out once: they do not depend on the request, and building
 * helmet's middleware per request (as its Fastify wrapper does) cost ~8 % of a door scan's CPU.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const PAGE_HEADERS = securityHeaders();
/**
 * API answers carry personal data (guest lists, phones) and tokens: no browser or shared cache may
 * keep them. A route meant to be cached (content-addressed files) replaces the header.
 */
const API_HEADERS = { ...PAGE_HEADERS, 'cache-control': 'no-store' };

/**
 * Hashed build assets (scripts, styles, images, the QR reader's WebAssembly) are subresources: the
 * page's policy governs them, and CSP, framing, referrer, opener and HSTS headers on them do nothing.
 * They keep what does apply to a subresource — no MIME sniffing, same-origin use only — and the admin
 * shell's 80-odd requests each carry ~600 bytes less. Workers (sw.js, at the root) keep the full set:
 * a worker's CSP comes from its own script's answer.
 */
const ASSET_HEADERS = {
  'x-content-type-options': PAGE_HEADERS['x-content-type-options']!,
  'cross-origin-resource-policy': PAGE_HEADERS['cross-origin-resource-policy']!,
};

/** The headers an answer starts with, before any route runs. */
export function baseHeaders(url: string): Record<string, string> {
  if (/^\/api(?:[/?]|$)/.test(url)) return API_HEADERS;
  return url.startsWith('/assets/') ? ASSET_HEADERS : PAGE_HEADERS;
}

export const security = fp(async (app) => {
  // Set before the handler runs: a route may still replace one (files get a stricter CSP).
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(baseHeaders(request.url));
  });
});
