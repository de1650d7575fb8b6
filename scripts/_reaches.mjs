// For each import crossing into modules/<m>/ not through its index: file, specifier, names.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
const root = '/work/main';
const base = path.join(root, 'apps/server/src');
const co = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
};
const host = ts.createCompilerHost(co);
function* files(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const f = path.join(d, e.name);
    if (e.isDirectory()) yield* files(f);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) yield f;
  }
}
const modOf = (rel) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(rel)?.[1];
const out = [];
for (const f of [...files(base), ...files(path.join(root, 'bench')), ...files(path.join(root, 'scripts'))]) {
  const rel = path.relative(root, f);
  const test = /\.test\.ts$/.test(rel) || rel.includes('/test/') || rel.includes('test-kit') || rel.includes('fixture');
  const src = ts.createSourceFile(f, fs.readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const st of src.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier) continue;
    const spec = st.moduleSpecifier.text;
    const r = ts.resolveModuleName(spec, f, co, host).resolvedModule;
    if (!r || r.resolvedFileName.includes('node_modules')) continue;
    const t = path.relative(root, r.resolvedFileName);
    const a = modOf(rel),
      b = modOf(t);
    if (!b || a === b) continue;
    if (t.endsWith(`modules/${b}/index.ts`)) continue;
    let names = [];
    const typeOnly = st.importClause?.isTypeOnly;
    const nb = st.importClause?.namedBindings;
    if (nb && ts.isNamedImports(nb))
      names = nb.elements.map(
        (e) => (typeOnly || e.isTypeOnly ? 'type ' : '') + (e.propertyName ? e.propertyName.text : e.name.text),
      );
    out.push({ rel, test, spec, target: t, mod: b, names });
  }
}
const prod = out.filter((o) => !o.test);
if (process.argv[2] === 'names') {
  const by = {};
  for (const o of prod) {
    by[o.target] ??= new Set();
    o.names.forEach((n) => by[o.target].add(n));
  }
  for (const [t, s] of Object.entries(by).sort()) console.log(t, [...s].join(', '));
} else {
  console.log('prod reaches', prod.length, 'test reaches', out.length - prod.length);
  for (const o of prod) console.log(o.rel, '->', o.target);
}
