// Fails when server modules import each other in a circle (type imports included). dependency-cruiser's
// no-circular rule works on files; here the graph is collapsed to two nodes per module folder first:
// `<module>` (routes, services, use cases) and `<module>:data` (its *.repository.ts and the *.reads.ts /
// *.writes.ts through which other modules ask the owner of a table, see db/table-owners.ts). The data
// layer sits below the services, as immich's repositories do: a module reading meeting rows from
// `meetings:data` does not depend on the meetings service, and a loop counts only if it closes.
// `--graph` prints that module graph as mermaid instead (npm run graph:deps).
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const FILE = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/;
const DATA = /\.(repository|reads|writes)\.ts$/;
/** The node a file belongs to, or undefined outside the modules. */
const nodeOf = (file) => {
  const match = FILE.exec(file);
  return match && (DATA.test(match[2]) ? `${match[1]}:data` : match[1]);
};
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

const result = await cruise(['apps/server/src'], {
  ...config.options,
  // Tests may import several modules; only source files make a module depend on another.
  exclude: { path: `${config.options.exclude.path}|\\.test\\.ts$` },
});

/** node → the nodes it imports */
const graph = new Map();
for (const m of result.output.modules) {
  const from = nodeOf(m.source);
  if (!from) continue;
  const to = m.dependencies.map((d) => nodeOf(d.resolved)).filter((n) => n && n !== from);
  graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to])].sort());
}

if (process.argv.includes('--graph')) {
  console.log('graph LR');
  for (const [from, to] of [...graph].sort())
    for (const n of to) console.log(`  ${from.replace(':', '_')} --> ${n.replace(':', '_')}`);
} else {
  // A module's services and its data layer may call each other; a loop counts once it leaves the module.
  const cycles = findCycles(graph).filter((cycle) => new Set(cycle.map((n) => n.split(':')[0])).size > 1);
  for (const cycle of cycles) console.error(`module cycle: ${cycle.join(' → ')}`);
  console.log(`${graph.size} server module nodes (services and data), ${cycles.length} module cycles`);
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
