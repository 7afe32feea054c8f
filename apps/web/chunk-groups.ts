import path from 'node:path';
import type { ModuleInfo } from 'rolldown';

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const ENTRY = src('main.tsx');
const SHELL = src('app/layouts/admin-layout.tsx');
const LOGIN = src('app/layouts/login-layout.tsx');
const STATION = src('app/layouts/station-layout.tsx');
// The back office opens on the meeting list (spec §2).
const FIRST_PAGE = src('app/slots/meeting-list.ts');
const PUBLIC_PAGES = src('features/public/');
// The public page most visitors open first.
const SIGN_UP = src('features/public/sign-up/sign-up-page.tsx');
// The back office's route table: the entry loads it for a path that is no visitor page, the shell imports it.
const ROUTE_TABLE = src('app/routes/admin-table.ts');
// The entry's language modules and the date formats that the sign-up page and the meeting list share.
const WITH_CORE = [src('lib/i18n.ts'), src('lib/date-time.ts')];
// Vite's helper that preloads a lazy chunk's imports: every page's first lazy import runs it.
const PRELOAD_HELPER = 'vite/preload-helper.js';

type Lookup = (id: string) => ModuleInfo | null;

/**
 * The packages whose index re-exports every component: importing one name from it lists the whole
 * index among a module's imports, so the walk below follows the names actually imported instead.
 */
const BARRELS = ['antd', '@ant-design/icons'];
const NAMED_IMPORT = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["'](${BARRELS.join('|')})["']`, 'g');
const RE_EXPORT =
  /export\s*\{\s*default as (\w+)\s*\}\s*from\s*["']([^"']+)["']|export\s*\*\s*from\s*["']([^"']+)["']/g;

/** The module an index's `export { default as Name } from './dir'` points to (following `export *`). */
function reExported(index: ModuleInfo, name: string, info: Lookup): string | undefined {
  const targetOf = (spec: string) => {
    const base = path.resolve(path.dirname(index.id), spec);
    return index.importedIds.find((id) => id === `${base}.js` || id.startsWith(`${base}/index.`));
  };
  for (const [, exported, from, star] of (index.code ?? '').matchAll(RE_EXPORT)) {
    if (exported === name) return targetOf(from!);
    const next = star ? targetOf(star) : undefined;
    const inner = next && info(next);
    const found = inner && reExported(inner, name, info);
    if (found) return found;
  }
  return undefined;
}

/** A module and what it imports statically (what loading it loads), or also lazily (all it may load). */
function reach(roots: readonly string[], info: Lookup, lazyToo = false): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const module = info(id);
    if (!module) return;
    const barrels = new Map<string, ModuleInfo>();
    for (const next of module.importedIds) {
      const imported = info(next);
      const barrel = BARRELS.find((name) => next.includes(`/node_modules/${name}/es/index.`));
      if (barrel && imported) barrels.set(barrel, imported);
      else visit(next);
    }
    for (const [, names, from] of (module.code ?? '').matchAll(NAMED_IMPORT)) {
      const index = barrels.get(from!);
      for (const name of names!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
        const target = index && name && !name.startsWith('type ') && reExported(index, name, info);
        if (target) visit(target);
      }
    }
    if (lazyToo) module.dynamicallyImportedIds.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/** The public pages and what they load lazily (each has a chunk of its own). */
function publicPages(info: Lookup): string[] {
  return [...reach([ENTRY], info, true)].filter(
    (id) => id.startsWith(PUBLIC_PAGES) && info(id)?.dynamicImporters.length,
  );
}

/** Which chunk each module goes in, from the module graph. */
function chunkMap(info: Lookup): Map<string, string> {
  const entry = reach([ENTRY], info);
  const pages = publicPages(info);
  const chunks = new Map<string, string>();
  // The first back-office screen; what the entry or a public page may load stays out of it.
  const keepOut = new Set([...entry, ...reach(pages, info, true), SHELL, FIRST_PAGE]);
  const login = reach([LOGIN], info);
  for (const id of reach([FIRST_PAGE], info)) chunks.set(id, 'first-page');
  for (const id of reach([SHELL], info)) chunks.set(id, login.has(id) ? 'ui' : 'shell');
  for (const id of keepOut) chunks.delete(id);
  // Its own small chunk, which the entry's lazy import and the shell share (not the shell's whole chunk,
  // which a visitor's unknown path would then download).
  for (const id of reach([ROUTE_TABLE], info))
    if (!entry.has(id) && !login.has(id) && !id.includes('/node_modules/')) chunks.set(id, 'routes');
  // What the sign-up page shares with other public pages, and not with the entry or the back office's
  // first screens.
  const others = reach(
    pages.filter((page) => page !== SIGN_UP),
    info,
  );
  const elsewhere = reach([ENTRY, SHELL, FIRST_PAGE, LOGIN, STATION], info);
  for (const id of reach([SIGN_UP], info))
    if (others.has(id) && !elsewhere.has(id) && !pages.includes(id)) chunks.set(id, 'public');
  // Rolldown leaves these out of the entry (lazy chunks import them too) as two small chunks of their
  // own that every page loads; they go with React instead.
  for (const id of reach(WITH_CORE, info)) if (!id.includes('/node_modules/')) chunks.set(id, 'core');
  return chunks;
}

let chunkOf: Map<string, string> | undefined;

/**
 * Rolldown's automatic chunks follow which lazy routes share a module: the back office's first
 * screen came in some forty chunks (a seventh of its bytes were response headers and the preload
 * helper's lists of them), the sign-up page in fifteen. They are grouped instead by the screens that
 * load them: `ui` for what the login page shares with the admin shell (Ant Design's core, the query
 * client), `shell` for the rest of the shell, `first-page` for the meeting list's (the table), and
 * `public` for the sign-up page's frame, fields and texts that other public pages use too. The map is
 * made once per build process, from the graph of the first build (no watch mode here).
 */
export function chunkGroup(id: string, ctx: { getModuleInfo: Lookup }): string | null {
  chunkOf ??= chunkMap((moduleId) => ctx.getModuleInfo(moduleId));
  const name = chunkOf.get(id);
  return name && name !== 'core' ? name : null;
}

const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|zustand)[\\/]/;

/**
 * What every page needs, as one chunk: React and its router and store, the entry's language modules,
 * the date formats and the preload helper. Fewer requests and better compression than slivers.
 */
export function coreGroup(id: string, ctx: { getModuleInfo: Lookup }): string | null {
  chunkOf ??= chunkMap((moduleId) => ctx.getModuleInfo(moduleId));
  return REACT.test(id) || id.endsWith(PRELOAD_HELPER) || chunkOf.get(id) === 'core' ? 'core' : null;
}
