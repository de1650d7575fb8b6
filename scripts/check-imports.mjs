// Import rules ESLint cannot check here without native resolver bindings the registry lacks:
// no import cycles anywhere in our sources, and the web app's layering (lib ← features ← app).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

const sourceRoots = ['packages/shared/src', 'apps/server/src', 'apps/web/src'];
const forbidden = [
  { from: 'apps/web/src/features', to: 'apps/web/src/app', why: 'features never import the app layer' },
  { from: 'apps/web/src/lib', to: 'apps/web/src/features', why: 'lib never imports features' },
  { from: 'apps/web/src/lib', to: 'apps/web/src/app', why: 'lib never imports the app layer' },
  { from: 'apps/web/src/ui', to: 'apps/web/src/features', why: 'shared ui never imports features' },
  { from: 'apps/web/src/ui', to: 'apps/web/src/app', why: 'shared ui never imports the app layer' },
];

/** Tests (and the fuzz run in them) may reach further: factories make records directly. */
const isTest = (file) => /\.(test|spec)\.tsx?$|test-kit\.ts$|\.fixture\.ts$/.test(file) || /\/(test|fuzz)\//.test(file);

/** Features and modules keep their internals: each is used only through its public face. */
function crossesFeature(from, to) {
  if (isTest(from)) return undefined;
  return webFeatureReach(from, to) ?? serverModuleReach(from, to);
}

/**
 * A web feature reaches another only through that feature's public face: its `index.ts` (what it
 * offers other features and the app) or one of its `api/` files (a server operation with its query
 * options or mutation hook). Everything else in a feature folder is its own.
 */
function webFeatureReach(from, to) {
  const web = /^apps\/web\/src\/features\/([^/]+)\/(.+)$/;
  const [, fromFeature] = web.exec(from) ?? [];
  const [, toFeature, toRest] = web.exec(to) ?? [];
  if (!fromFeature || !toFeature || fromFeature === toFeature) return undefined;
  if (toRest === 'index.ts' || /^api\/[^/]+\.ts$/.test(toRest)) return undefined;
  return `a feature reaches another only through its index.ts or api/ (not ${toFeature}/${toRest})`;
}

const serverModule = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/;
/** Files that only wire modules together and so may import them: the app, the process, the backups. */
const serverWiring = /^apps\/server\/src\/(app\.ts|main\.ts|backups\/)/;

/**
 * A server module is used through its one public face, `modules/<m>/index.ts`, and only from
 * above: other modules, and the files that wire the app. Infrastructure (plugins/, db/, config,
 * errors) sits below every module and imports none.
 */
function serverModuleReach(from, to) {
  const [, toModule, toFile] = serverModule.exec(to) ?? [];
  if (!toModule || !from.startsWith('apps/server/src/')) return undefined;
  const [, fromModule] = serverModule.exec(from) ?? [];
  if (fromModule === toModule) return undefined;
  if (!fromModule && !serverWiring.test(from)) {
    return 'server infrastructure (plugins/, db/, config, errors) never imports a module; a module plugs into it';
  }
  if (toFile !== 'index.ts') return `another module is used only through its public face, modules/${toModule}/index.ts`;
  return undefined;
}

const compilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const host = ts.createCompilerHost(compilerOptions);

function* files(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const graph = new Map();
const problems = [];
for (const sourceRoot of sourceRoots) {
  for (const file of files(path.join(root, sourceRoot))) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const edges = [];
    for (const { fileName } of info.importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, compilerOptions, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes('node_modules')) continue;
      const target = path.resolve(resolved.resolvedFileName);
      edges.push(target);
      const rel = (p) => path.relative(root, p);
      for (const rule of forbidden) {
        if (rel(file).startsWith(rule.from + '/') && rel(target).startsWith(rule.to + '/')) {
          problems.push(`${rel(file)} imports ${rel(target)}: ${rule.why}`);
        }
      }
      const why = crossesFeature(rel(file), rel(target));
      if (why) problems.push(`${rel(file)} imports ${rel(target)}: ${why}`);
    }
    graph.set(path.resolve(file), edges);
  }
}

// Tarjan's strongly connected components: every component larger than one file is a cycle.
let index = 0;
const indices = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function connect(node) {
  indices.set(node, index);
  low.set(node, index);
  index++;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (!indices.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node), indices.get(next)));
    }
  }
  if (low.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) {
      problems.push(`import cycle: ${component.map((p) => path.relative(root, p)).join(' -> ')}`);
    }
  }
}
for (const node of graph.keys()) if (!indices.has(node)) connect(node);

// The modules' own graph: module A uses module B when a file of A imports one of B. A circle
// between modules is refused even when no circle of files closes it.
const moduleEdges = new Map();
for (const [file, targets] of graph) {
  const rel = path.relative(root, file);
  if (isTest(rel)) continue;
  const [, fromModule] = serverModule.exec(rel) ?? [];
  if (!fromModule) continue;
  for (const target of targets) {
    const [, toModule] = serverModule.exec(path.relative(root, target)) ?? [];
    if (toModule && toModule !== fromModule) {
      if (!moduleEdges.has(fromModule)) moduleEdges.set(fromModule, new Set());
      moduleEdges.get(fromModule).add(toModule);
    }
  }
}
function moduleCircle(start) {
  const seen = new Set();
  const walk = (node, trail) => {
    for (const next of moduleEdges.get(node) ?? []) {
      if (next === start) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}
const circles = new Set();
for (const module of [...moduleEdges.keys()].sort()) {
  const circle = moduleCircle(module);
  const key = circle && [...new Set(circle)].sort().join(' ');
  if (circle && !circles.has(key)) {
    circles.add(key);
    problems.push(`module circle: ${circle.join(' -> ')} (a lower module never knows a higher one)`);
  }
}

if (problems.length) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
console.log(
  `imports: ${graph.size} files, no cycles, layering respected; ${new Set([...graph.keys()].map((f) => serverModule.exec(path.relative(root, f))?.[1]).filter(Boolean)).size} server modules used only through their index.ts, no module circles`,
);
