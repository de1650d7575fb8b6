// Each table has one owning module: only its files write it, other modules ask that module's
// service. The owner is named on the first line of the table's schema file
// (`// Tables of module <m>: ...`, apps/server/src/db/schema/<file>.ts). This check reads every
// non-test file of apps/server/src/modules/<m>/ and fails on a write to a table <m> does not own:
// Drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` with `t` imported from a schema file, and
// `insert into`, `update`, `delete from` in sql`` templates (by table name or `${t}`).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

const schemaDir = path.join(root, 'apps/server/src/db/schema');
const modulesDir = path.join(root, 'apps/server/src/modules');
// `// Tables of plugins: ...` names the infrastructure (apps/server/src/plugins: sessions, secrets).
const OWNER_LINE = /^\/\/ Tables of (?:module ([a-z][a-z-]*)|(plugins)):/m;
const pluginsDir = path.join(root, 'apps/server/src/plugins');
const ownerDir = (owner) => (owner === 'plugins' ? pluginsDir : path.join(modulesDir, owner));

const rel = (file) => path.relative(root, file);
const parse = (file) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Every table of the schema: by its export name and by its SQL name, with its file and owner. */
function readSchema() {
  const byExport = new Map();
  const bySqlName = new Map();
  const problems = [];
  for (const name of fs.readdirSync(schemaDir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    const file = path.join(schemaDir, name);
    const source = parse(file);
    const tables = [];
    const visit = (node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isCallExpression(node.initializer) &&
        ts.isIdentifier(node.initializer.expression) &&
        node.initializer.expression.text === 'pgTable' &&
        ts.isStringLiteral(node.initializer.arguments[0])
      ) {
        tables.push({ exportName: node.name.text, sqlName: node.initializer.arguments[0].text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (!tables.length) continue;
    const [, moduleOwner, pluginsOwner] = OWNER_LINE.exec(source.text) ?? [];
    const owner = moduleOwner ?? pluginsOwner;
    if (!owner) {
      problems.push(`${rel(file)} defines tables but names no owner (a first line "// Tables of module <m>: ...")`);
      continue;
    }
    if (!fs.existsSync(ownerDir(owner))) {
      problems.push(`${rel(file)} names module ${owner}, which does not exist`);
    }
    const schemaFile = path.basename(name, '.ts');
    for (const table of tables) {
      const entry = { ...table, schemaFile, owner };
      byExport.set(table.exportName, entry);
      bySqlName.set(table.sqlName, entry);
    }
  }
  return { byExport, bySqlName, problems };
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') yield* sourceFiles(full);
    } else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    ) {
      yield full;
    }
  }
}

/** The tables a file imports from the schema, by local name; namespace imports separately. */
function importedTables(source, file, schema) {
  const tables = new Map();
  const namespaces = new Set();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier).replace(/\.[cm]?[jt]s$/, '');
    const fromSchema = path.dirname(target) === schemaDir || target === schemaDir;
    if (!fromSchema) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) {
      namespaces.add(bindings.name.text);
      continue;
    }
    for (const element of bindings.elements) {
      const table = schema.byExport.get((element.propertyName ?? element.name).text);
      if (table) tables.set(element.name.text, table);
    }
  }
  return { tables, namespaces };
}

const WRITE_CALLS = { insert: 'inserts into', update: 'updates', delete: 'deletes from' };
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:"?([a-z_][a-z0-9_]*)"?|\$\{(\d+)\})/gi;

function writesOf(file, schema) {
  const source = parse(file);
  const { tables, namespaces } = importedTables(source, file, schema);
  const tableOf = (expression) => {
    if (ts.isIdentifier(expression)) return tables.get(expression.text);
    if (
      ts.isPropertyAccessExpression(expression) &&
      ts.isIdentifier(expression.expression) &&
      namespaces.has(expression.expression.text)
    ) {
      return schema.byExport.get(expression.name.text);
    }
    return undefined;
  };
  const writes = [];
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      Object.hasOwn(WRITE_CALLS, node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]);
      if (table) writes.push({ line: at(node), verb: WRITE_CALLS[node.expression.name.text], table });
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      // The template's text with its `${…}` numbered (`${0}`), so `update ${accounts}` is seen too.
      const template = node.template;
      const spans = ts.isTemplateExpression(template) ? template.templateSpans : [];
      const text = ts.isTemplateExpression(template)
        ? template.head.text + spans.map((span, i) => `\${${i}}${span.literal.text}`).join('')
        : template.text;
      for (const match of text.matchAll(SQL_WRITE)) {
        const table =
          match[3] === undefined ? schema.bySqlName.get(match[2]) : tableOf(spans[Number(match[3])].expression);
        const verb = WRITE_CALLS[match[1].toLowerCase().split(/\s/)[0]];
        if (table) writes.push({ line: at(node), verb, table });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

const schema = readSchema();
const problems = [...schema.problems];
let writes = 0;
const owners = [...fs.readdirSync(modulesDir).filter((name) => fs.statSync(ownerDir(name)).isDirectory()), 'plugins'];
for (const moduleName of owners) {
  const moduleDir = ownerDir(moduleName);
  for (const file of sourceFiles(moduleDir)) {
    for (const write of writesOf(file, schema)) {
      writes++;
      if (write.table.owner === moduleName) continue;
      problems.push(
        `${rel(file)}:${write.line} ${write.verb} ${write.table.sqlName} (db/schema/${write.table.schemaFile}.ts), ` +
          `a table of module ${write.table.owner}: ask the ${write.table.owner} service to write it`,
      );
    }
  }
}

if (problems.length) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
console.log(`tables: ${writes} writes in ${schema.byExport.size} tables, each by its owning module`);
