import { lookup } from 'node:dns/promises';
import type { Agent as HttpAgent } from 'node:http';
import ipaddr from 'ipaddr.js';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import { onFirstUse } from '../../lib/on-first-use.ts';

// Loaded with the first delivery, not at start-up: a deployment without webhooks never needs it.
const loadFilteringAgents = onFirstUse(() => import('request-filtering-agent'));

/**
 * Webhooks must not become a way into the server's own network (SSRF). A URL is checked when it is
 * saved, for a clear message, and again at every connection: the agents below refuse a loopback,
 * private, link-local or otherwise non-public address after the DNS lookup, so a name that later
 * resolves elsewhere (DNS rebinding) is refused too. Redirects are never followed.
 */
export interface UrlGuard {
  /** null when the URL may be used, else the field message saying why not. */
  check(url: string): Promise<FieldMessageKey | null>;
  agentFor(url: URL): Promise<HttpAgent>;
  /** A connection error as the delivery log shows it: a refused address is not named (no map of the network). */
  describe(error: Error): string;
}

function publicAddress(address: string): boolean {
  try {
    const parsed = ipaddr.process(address);
    return parsed.range() === 'unicast';
  } catch {
    return false;
  }
}

export function createUrlGuard(allowPrivate: boolean): UrlGuard {
  // Kept alive across deliveries: a burst of events to one receiver reuses its connections, as many
  // as the dispatcher sends side by side (its batch).
  const options = {
    keepAlive: true,
    maxSockets: 32,
    allowPrivateIPAddress: allowPrivate,
    allowMetaIPAddress: false,
  };
  const agents = onFirstUse(async () => {
    const { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } = await loadFilteringAgents();
    return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
  });
  return {
    async check(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return 'webhookUrlInvalid';
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'webhookUrlInvalid';
      if (parsed.username || parsed.password) return 'webhookUrlInvalid';
      if (allowPrivate) return null;
      const host = parsed.hostname.replace(/^\[|\]$/g, '');
      let addresses: string[];
      try {
        addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
      } catch {
        // The same answer as a private address: the form must not tell which internal names exist.
        return 'webhookUrlPrivate';
      }
      return addresses.every(publicAddress) ? null : 'webhookUrlPrivate';
    },
    agentFor: async (url) => {
      const { http, https } = await agents();
      return url.protocol === 'https:' ? https : http;
    },
    describe: (error) =>
      /is not allowed/.test(error.message) ? 'refused: not a public address' : error.message,
  };
}
