// Which licences MeetFlow (AGPL-3.0-or-later) may ship with, and the licence a package declares.
// Why each licence is on the list: docs/decisions/0079-agpl-and-compatible-licences.md.
import parse from 'spdx-expression-parse';
import satisfies from 'spdx-satisfies';

/** Licences whose code may be combined with AGPL-3.0-or-later code and shipped under it. */
export const COMPATIBLE_LICENCES = [
  // Permissive: they ask for the notice to be kept, which the licence report does.
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'Zlib',
  'BSL-1.0',
  'Python-2.0',
  'Unicode-3.0',
  'Unicode-DFS-2016',
  'Artistic-2.0',
  'CC-BY-4.0',
  // Public domain dedications.
  'CC0-1.0',
  'Unlicense',
  'WTFPL',
  'PDDL-1.0',
  // Weak copyleft: the library keeps its licence inside the larger AGPL work. An "-or-later" entry
  // also admits what may be taken under it: 'LGPL-3.0-or-later' admits LGPL-2.1-or-later and LGPL-3.0-only.
  'MPL-2.0',
  'LGPL-2.1-only',
  'LGPL-3.0-or-later',
  // Strong copyleft that section 13 of GPLv3 and of AGPLv3 lets be combined with ours: 'GPL-3.0-or-later'
  // admits GPL-2.0-or-later and GPL-3.0-only, never GPL-2.0-only (spdx-satisfies reads ranges so).
  'GPL-3.0-or-later',
  'AGPL-3.0-or-later',
];

/**
 * Licences allowed for some packages only: the SIL Open Font License covers fonts that are shipped
 * beside the program (and embedded in the PDFs it makes), never code linked into it.
 */
export const LICENCES_FOR_SOME_PACKAGES = {
  'OFL-1.1': { packages: /^(@expo-google-fonts|@fontsource)\//, what: 'font packages' },
};

/**
 * Deprecated SPDX ids and the spellings older package.json files use, mapped to the SPDX id they mean.
 * Only exact spellings: anything else stays unknown, and the check fails on it.
 */
const SPELLINGS = {
  'MIT/X11': 'MIT',
  'Apache 2.0': 'Apache-2.0',
  'Apache License 2.0': 'Apache-2.0',
  'GPL-2.0+': 'GPL-2.0-or-later',
  'GPL-3.0+': 'GPL-3.0-or-later',
  'LGPL-2.1+': 'LGPL-2.1-or-later',
  'LGPL-3.0+': 'LGPL-3.0-or-later',
  'AGPL-3.0': 'AGPL-3.0-only',
  'GPL-2.0': 'GPL-2.0-only',
  'GPL-3.0': 'GPL-3.0-only',
  'LGPL-2.1': 'LGPL-2.1-only',
  'LGPL-3.0': 'LGPL-3.0-only',
};

/**
 * Packages whose declared licence is missing or not SPDX, read by hand: the licence their terms give and
 * where it was read. Keyed by name and version, so a new version is read again.
 */
export const REVIEWED_LICENCES = {
  'slick@1.12.2': {
    licence: 'MIT',
    source: 'declares "MIT (http://mootools.net/license.txt)", the MIT licence',
  },
};

/**
 * The licence a package declares, as one SPDX expression: `license` (a string, or an old
 * `{ type }` object), else the legacy `licenses` array (several entries: the user's choice, so OR).
 * Returns undefined when the package declares none.
 */
export function declaredLicence(manifest) {
  const { license, licenses } = manifest ?? {};
  if (typeof license === 'string' && license.trim()) return normaliseSpelling(license.trim());
  if (license && typeof license.type === 'string') return normaliseSpelling(license.type.trim());
  if (Array.isArray(licenses) && licenses.length > 0) {
    const types = licenses.map((entry) => (typeof entry === 'string' ? entry : entry?.type));
    if (types.every((type) => typeof type === 'string' && type.trim())) {
      const ids = types.map((type) => normaliseSpelling(type.trim()));
      return ids.length === 1 ? ids[0] : ids.map((id) => (/\s/.test(id) ? `(${id})` : id)).join(' OR ');
    }
  }
  return undefined;
}

function normaliseSpelling(text) {
  return SPELLINGS[text] ?? text;
}

/**
 * May a package under `licence` ship inside MeetFlow? `{ ok: true }`, or `{ ok: false, reason }` with
 * `unknown` (none declared, or not an SPDX expression: someone must read the package's terms) or
 * `incompatible` (valid, but no branch of it is on the list).
 */
export function licenceVerdict(licence, packageName = '') {
  if (!licence) return { ok: false, reason: 'unknown', detail: 'no licence declared' };
  try {
    parse(licence);
  } catch {
    return { ok: false, reason: 'unknown', detail: `not an SPDX expression: ${licence}` };
  }
  const allowed = [...COMPATIBLE_LICENCES];
  for (const [id, rule] of Object.entries(LICENCES_FOR_SOME_PACKAGES)) {
    if (rule.packages.test(packageName)) allowed.push(id);
  }
  if (satisfies(licence, allowed)) return { ok: true };
  return { ok: false, reason: 'incompatible', detail: `${licence} is not compatible with AGPL-3.0-or-later` };
}
