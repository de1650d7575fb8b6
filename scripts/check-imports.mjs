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

/**
 * Features keep their internals: a web feature imports another feature only through what that
 * feature's folder offers at its top (never its api/, components/ or screens/), and a server
 * module never imports another module's repository (it asks that module's service). Tests may
 * reach further (factories make records directly).
 */
function crossesFeature(from, to) {
  if (/\.(test|spec)\.tsx?$/.test(from) || from.includes('/test/')) return undefined;
  const web = /^apps\/web\/src\/features\/([^/]+)\/(.+)$/;
  const [, fromFeature] = web.exec(from) ?? [];
  const [, toFeature, toRest] = web.exec(to) ?? [];
  if (fromFeature && toFeature && fromFeature !== toFeature && toRest.includes('/')) {
    return `features never import another feature's internals (${toFeature}/${toRest.split('/')[0]}/)`;
  }
  const server = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/;
  const [, fromModule] = server.exec(from) ?? [];
  const [, toModule, toFile] = server.exec(to) ?? [];
  if (fromModule && toModule && fromModule !== toModule && toFile.endsWith('.repository.ts')) {
    return "a module never imports another module's repository; it asks that module's service";
  }
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

if (problems.length) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
console.log(`imports: ${graph.size} files, no cycles, layering respected`);
