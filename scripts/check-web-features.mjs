#!/usr/bin/env node
/*
 * Checks that every file of apps/web/src/features/<feature>/ has one of the file roles below, so a
 * newcomer knows from a name what a file holds and where a new one goes. A feature may group its
 * files in sub-folders by what the user is doing (public/sign-up/, attendance/offline/): the same
 * roles apply in each of them.
 *
 *   *-page.tsx                  a routed page: app/ imports it (lazily, from the route table)
 *   components/*.tsx            every other piece of UI: drawers, dialogs, forms, tables, panels
 *   *-api.ts                    requests and their query hooks
 *   use-*.ts                    React hooks
 *   i18n.ts, *-i18n.ts,
 *   i18n-<lang>.ts              texts
 *   *-types.ts                  types
 *   *.css                       styles, beside the page or component that imports them
 *   *.test.ts, *.test.tsx       tests, beside what they test
 *   any other *.ts              rules without UI (e.g. *-logic.ts): plain TypeScript that imports no
 *                               React, Ant Design, router or query code (type imports aside), so a unit
 *                               test runs it without a page
 *
 * Usage: node scripts/check-web-features.mjs   (exit code 1 and one line a problem when a file breaks them)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/web/src');
const featuresDir = path.join(src, 'features');

/** Packages a rules file may not import values from: they belong to pages, components and hooks. */
const UI_PACKAGES = /^(react|react-dom|react-router|antd|@ant-design\/.*|@tanstack\/react-query)$/;

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.test)?\.(ts|tsx|css)$/;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Relative import specifiers of a file, resolved to absolute paths. */
function relativeImports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)['"]/g)];
  return specs.map((match) => path.resolve(path.dirname(file), match[1]));
}

/** Packages a file imports values from (`import type` lines are left out). */
function valuePackages(file) {
  const text = fs.readFileSync(file, 'utf8');
  const imports = text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'".][^'"]*)['"]/gm);
  return [...imports].filter((match) => !match[1]).map((match) => match[2]);
}

/** The role of a file (path relative to its feature), or a problem. */
function roleOf(relative) {
  const name = path.basename(relative);
  const inComponents = relative.split(path.sep).includes('components');
  if (!KEBAB.test(name)) return { problem: 'is not a kebab-case .ts, .tsx or .css name' };
  if (/\.test\.tsx?$/.test(name)) return { role: 'test' };
  if (name.endsWith('.css')) return { role: 'style' };
  if (inComponents) {
    if (name.endsWith('-page.tsx')) return { problem: 'is a page: pages sit outside components/' };
    if (name.endsWith('.tsx')) return { role: 'component' };
    return { problem: 'is not UI: components/ holds .tsx pieces, their styles and tests only' };
  }
  if (name.endsWith('-page.tsx')) return { role: 'page' };
  if (name.endsWith('.tsx')) {
    return {
      problem: 'is UI that is not a routed page: move it to components/ (or name the page *-page.tsx)',
    };
  }
  if (name.endsWith('-api.ts')) return { role: 'api' };
  if (name.startsWith('use-')) return { role: 'hook' };
  if (/^(.+-)?i18n\.ts$|^i18n-[a-z]{2}(-[a-z]{2})?\.ts$/.test(name)) return { role: 'texts' };
  if (name.endsWith('-types.ts')) return { role: 'types' };
  return { role: 'rules' };
}

const appImports = new Set(walk(path.join(src, 'app')).flatMap(relativeImports));
const problems = [];
const table = [];
const ROLES = ['page', 'component', 'api', 'hook', 'texts', 'types', 'rules', 'style', 'test'];

for (const feature of fs.readdirSync(featuresDir, { withFileTypes: true })) {
  if (!feature.isDirectory()) continue;
  const dir = path.join(featuresDir, feature.name);
  const counts = Object.fromEntries(ROLES.map((role) => [role, 0]));
  for (const file of walk(dir)) {
    const relative = path.relative(dir, file);
    const shown = path.relative(root, file);
    if (file.endsWith('.md')) continue;
    const { role, problem } = roleOf(relative);
    if (problem) {
      problems.push(`${shown} ${problem}`);
      continue;
    }
    counts[role] += 1;
    if (role === 'page' && !appImports.has(file)) {
      problems.push(`${shown} is named as a routed page but app/ does not import it: move it to components/`);
    }
    if (role === 'rules') {
      const ui = valuePackages(file).filter((name) => UI_PACKAGES.test(name));
      if (ui.length > 0) {
        problems.push(
          `${shown} imports ${ui.join(', ')}: name it use-*.ts (a hook) or *-api.ts (requests), or keep it free of UI`,
        );
      }
    }
  }
  table.push({ feature: feature.name, ...counts });
}

console.table(table);
if (problems.length > 0) {
  console.error(
    `\n${problems.length} file(s) outside the feature file roles (see scripts/check-web-features.mjs):`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `All ${table.reduce((sum, row) => sum + ROLES.reduce((n, role) => n + row[role], 0), 0)} feature files have a role.`,
);
