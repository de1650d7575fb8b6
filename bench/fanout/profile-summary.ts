// Sums up a V8 .cpuprofile (FANOUT_CPU_PROFILE's, or node --cpu-prof's): the functions with the
// most self time, then self time by file and by package (an npm package, node's own code, the
// server's source by folder, V8's own entries such as (garbage collector) and (program)).
//
//   npx tsx bench/fanout/profile-summary.ts /tmp/fan.tolk.cpuprofile [--top 25]
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top 25]');
const top = Number(values.top);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

// Self time per node: each sample's time delta goes to the node that was on top of the stack.
const selfMicros = new Map<number, number>();
profile.samples.forEach((node, i) => {
  // timeDeltas[i] is the time before sample i; the next one is how long sample i stood.
  const delta = profile.timeDeltas[i + 1] ?? 0;
  selfMicros.set(node, (selfMicros.get(node) ?? 0) + delta);
});
const idleNodes = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const idle = [...idleNodes].reduce((sum, id) => sum + (selfMicros.get(id) ?? 0), 0);
/** Busy time: percentages are of the time the process was doing something. */
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0) - idle;

/** Where a script lives, shortened: the repository's own path, a package's name, node:... */
function placeOf(url: string, functionName: string): { file: string; pack: string } {
  if (!url) {
    // V8's own entries keep their name; the rest are node's C++ bindings (writev...) and V8 builtins.
    const native = functionName.startsWith('(') ? functionName : '(native: node bindings, V8 builtins)';
    return { file: native, pack: native };
  }
  // The only WebAssembly in Tolk's server is PGlite's PostgreSQL.
  if (url.startsWith('wasm://')) return { file: url, pack: '(WebAssembly: PGlite)' };
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = path.slice(modules + '/node_modules/'.length).split('/');
    const pack = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    return { file: `${pack}/${rest.slice(pack.split('/').length).join('/')}`, pack };
  }
  if (path.startsWith('node:')) return { file: path, pack: 'node (built-in modules)' };
  const repo = path.search(/\/(apps|packages|bench)\//);
  const local = repo >= 0 ? path.slice(repo + 1) : path;
  const folder = local
    .split('/')
    .slice(0, local.startsWith('apps/server/src/modules/') ? 5 : 4)
    .join('/');
  return { file: local, pack: folder };
}

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
const byPackage = new Map<string, number>();
const add = (map: Map<string, number>, key: string, micros: number) => map.set(key, (map.get(key) ?? 0) + micros);
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (!micros || idleNodes.has(node.id)) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(url, functionName);
  add(byFunction, `${functionName || '(anonymous)'}  ${url ? `${place.file}:${lineNumber + 1}` : ''}`, micros);
  add(byFile, place.file, micros);
  add(byPackage, place.pack, micros);
}

function print(title: string, map: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
}

console.log(
  `${file}: ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled, ${profile.samples.length} samples, ` +
    `${(total / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle (percentages are of busy time)`,
);
print('Top functions by self time', byFunction);
print('By file', byFile);
print('By package or folder', byPackage);
