import path from 'node:path';

/**
 * The visitors of a rule that checks relative imports: every static import, re-export and lazy
 * `import()`, each handed to `visit` with its node and the imported path resolved from the
 * repository root (so `../../server/x` and `../server/x` are the same thing).
 */
export function relativeImports(context, visit) {
  const check = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    visit(node, path.relative(context.cwd, path.resolve(path.dirname(context.filename), source)));
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}
