// Fails when server modules import each other in a circle (type imports included). dependency-cruiser's
// no-circular rule works on files; here the graph is collapsed to one node per module folder first.
// `--graph` prints that module graph as mermaid instead (npm run graph:deps).
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const MODULE = /^apps\/server\/src\/modules\/([^/]+)$/;
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

const result = await cruise(['apps/server/src'], {
  ...config.options,
  collapse: '^apps/server/src/modules/[^/]+',
  // Tests may import several modules; only source files make a module depend on another.
  exclude: { path: `${config.options.exclude.path}|\\.test\\.ts$` },
});

/** module name → the modules it imports */
const graph = new Map();
for (const m of result.output.modules) {
  const from = MODULE.exec(m.source)?.[1];
  if (!from) continue;
  const to = m.dependencies.map((d) => MODULE.exec(d.resolved)?.[1]).filter((n) => n && n !== from);
  graph.set(from, [...new Set(to)].sort());
}

if (process.argv.includes('--graph')) {
  console.log('graph LR');
  for (const [from, to] of [...graph].sort()) for (const n of to) console.log(`  ${from} --> ${n}`);
} else {
  const cycles = findCycles(graph);
  for (const cycle of cycles) console.error(`module cycle: ${cycle.join(' → ')}`);
  console.log(`${graph.size} server modules, ${cycles.length} module cycles`);
  if (cycles.length > 0) process.exitCode = 1;
}

/** Each elementary cycle once, read from its alphabetically first module (graphs this small allow it). */
function findCycles(edges) {
  const cycles = [];
  for (const start of [...edges.keys()].sort()) {
    const walk = (node, path) => {
      for (const next of edges.get(node) ?? []) {
        if (next === start) cycles.push([...path, start]);
        else if (next > start && !path.includes(next)) walk(next, [...path, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}
