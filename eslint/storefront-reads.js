import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `quickbuy/storefront-reads`: a storefront page uses no TanStack Query (docs/decisions/034).
 *
 * The storefront's pages (the modules routes.tsx gives to `storefrontRoute`) are rendered on the server
 * and hydrated, and no QueryClientProvider is above them on either side: the library stays out of the
 * first load. A query hook there throws "No QueryClient set" as the page renders, which neither the type
 * checker nor a test of another page sees. So a storefront page, and every file of its feature it
 * imports, may not import `@tanstack/react-query`, nor a hook (`use…`) of a module that uses it (a
 * feature's `*-api.ts`, lib's account reads). A part loaded with `import()` that wraps itself in
 * `QueryProvider` (lib/queries, the `provider` option) is the browser's alone and may use them: the
 * repair booking dialog. Imported statically, such a part would put the library in the first load and
 * render it on the server, so that is refused too.
 *
 * The page files and their imports are read from disk, so a file is judged by where it stands in the
 * app, not by its own text alone; what was read is kept until the file changes.
 */
const INSTEAD =
  "read the page's loader data (usePageData, useSettled), send with the feature's request function " +
  "(the contact form's sendContactMessage, the sell page's submitTradeIn; Add to Cart loads the cart store on " +
  'first use), or load a part that needs queries with import(), inside its own QueryProvider (the repair ' +
  'booking dialog)';

const messages = {
  library: `A storefront page has no QueryClientProvider (docs/decisions/034): ${INSTEAD}.`,
  hook: `{{name}} is a TanStack Query hook, and a storefront page has no QueryClientProvider (docs/decisions/034): ${INSTEAD}.`,
  provider:
    '{{source}} brings TanStack Query and its provider: a storefront page loads it with import() when it is ' +
    'needed, never in its first load or its server render (docs/decisions/034).',
};

const TANSTACK = '@tanstack/react-query';
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const isHook = (name) => /^use[A-Z0-9]/.test(name);
const inside = (p, dir) => p === dir || p.startsWith(`${dir}/`);

/**
 * What was read of each file (absolute), kept by modification time: its imports, and the pages it gives to
 * storefrontRoute. Read with TypeScript's own parser: a tenth of the time of a whole ESLint parse.
 */
const parsed = new Map();

function read(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return null;
  const known = parsed.get(file);
  if (known?.mtimeMs === stat.mtimeMs) return known;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const entry = { mtimeMs: stat.mtimeMs, imports: [], pages: [] };
  const add = (source, lazy, typeOnly) => entry.imports.push({ source, target: resolve(file, source), lazy, typeOnly });
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      add(node.moduleSpecifier.text, false, typeOnlyStatement(node));
    } else if (ts.isCallExpression(node)) {
      const [first, second] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first)) {
        add(first.text, true, false);
      } else if (
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'storefrontRoute' &&
        second &&
        ts.isStringLiteral(second)
      ) {
        entry.pages.push(second.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  parsed.set(file, entry);
  return entry;
}

/** True for `import type …`, `export type … from`, and a statement whose every name is a type. */
function typeOnlyStatement(node) {
  const everyType = (elements) => elements.length > 0 && elements.every((element) => element.isTypeOnly);
  if (ts.isExportDeclaration(node)) {
    return (
      node.isTypeOnly ||
      (node.exportClause && ts.isNamedExports(node.exportClause) && everyType(node.exportClause.elements))
    );
  }
  const clause = node.importClause;
  if (!clause) return false;
  const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
  return clause.isTypeOnly || (!clause.name && everyType(named));
}

/**
 * A file's imports, re-exports and `import()`s: `{ source, target, lazy, typeOnly }`, `target` the file a
 * relative one names (resolved as the file is read); none when there is no such file.
 */
const importsOf = (file) => read(file)?.imports ?? [];

/** typeOnlyStatement, on the linted file's own syntax tree (ESLint's). */
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 && specifiers.every((specifier) => (specifier.importKind ?? specifier.exportKind) === 'type')
  );
}

/** The file `base` (absolute, without its extension) names, or null. */
function fileAt(base) {
  for (const ending of EXTENSIONS) {
    if (fs.statSync(base + ending, { throwIfNoEntry: false })?.isFile()) return base + ending;
  }
  return null;
}

/** The file a relative import names (absolute), or null when it is a package or names no file. */
const resolve = (from, source) => (source.startsWith('.') ? fileAt(path.resolve(path.dirname(from), source)) : null);

/** True when `file` imports TanStack Query at run time, itself or through the files it imports. */
function usesQueries(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  return importsOf(file).some(({ source, target, lazy, typeOnly }) => {
    if (lazy || typeOnly) return false;
    return source === TANSTACK || (target !== null && usesQueries(target, seen));
  });
}

/** True when `file` is the provider's module or imports it: the part brings its own QueryProvider. */
function bringsProvider(file, provider) {
  if (file === provider) return true;
  return importsOf(file).some(({ target, typeOnly }) => !typeOnly && target === provider);
}

/** The pages routes.tsx gives to storefrontRoute ('catalog/home-page'): their files under `features`. */
const storefrontPages = (routes, features) =>
  (read(routes)?.pages ?? []).map((page) => fileAt(path.join(features, page))).filter(Boolean);

/**
 * Every storefront file (absolute): the pages, and the files of its feature each imports, at any depth.
 * The walk does not enter a part loaded with import() that brings its own provider.
 */
function storefrontFiles({ routes, features, provider }) {
  const files = new Set();
  const visit = (file, feature) => {
    if (files.has(file)) return;
    files.add(file);
    for (const { target, lazy } of importsOf(file)) {
      if (!target || !inside(target, feature)) continue;
      if (lazy && bringsProvider(target, provider)) continue;
      visit(target, feature);
    }
  };
  for (const page of storefrontPages(routes, features)) {
    visit(page, path.join(features, path.relative(features, page).split(path.sep)[0]));
  }
  return files;
}

const rule = {
  meta: {
    type: 'problem',
    messages,
    schema: [
      {
        type: 'object',
        properties: {
          /** The route table, where storefrontRoute names each storefront page. */
          routes: { type: 'string' },
          /** The features' folder, which storefrontRoute's page names are relative to. */
          features: { type: 'string' },
          /** The module of QueryProvider, which a part loaded on demand wraps itself in. */
          provider: { type: 'string' },
        },
        required: ['routes', 'features', 'provider'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const at = (p) => path.resolve(context.cwd, p);
    const options = context.options[0];
    const config = { routes: at(options.routes), features: at(options.features), provider: at(options.provider) };
    const file = path.resolve(context.filename);
    if (!inside(file, config.features) || !storefrontFiles(config).has(file)) return {};

    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || (node.type !== 'ImportExpression' && isTypeOnly(node))) return;
      if (source === TANSTACK) return context.report({ node: node.source, messageId: 'library' });
      const target = resolve(file, source);
      if (!target) return;
      if (node.type !== 'ImportExpression' && bringsProvider(target, config.provider)) {
        return context.report({ node: node.source, messageId: 'provider', data: { source } });
      }
      if (!usesQueries(target)) return;
      for (const specifier of node.specifiers ?? []) {
        if ((specifier.importKind ?? specifier.exportKind) === 'type') continue;
        const name = specifier.imported?.name ?? specifier.local?.name;
        if (name && isHook(name)) context.report({ node: specifier, messageId: 'hook', data: { name } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default rule;
