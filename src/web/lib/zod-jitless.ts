/*
 * zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by trying
 * once, as the first object schema is built. Under the store's CSP (no 'unsafe-eval') that try is refused
 * and, although zod catches it, the browser reports a CSP violation on every page that builds a schema (the
 * back office, /track). Jitless, zod never tries, and parses as it does where eval is refused: a form's few
 * fields parse as fast.
 *
 * Set on the object zod keeps its settings in, `globalThis.__zod_globalConfig`, which `z.config()` returns and
 * changes (zod keeps it on the global so that every copy of zod shares it, and makes it only when absent), not
 * through `z.config()`: importing zod here would put its core in the entry chunk, 3 KB brotli on every
 * storefront page, over the 100 KB first-load budget on /buy (docs/performance/first-load-javascript.md). Set
 * by main.tsx's first import, before any chunk loads zod; zod-jitless.test.ts checks zod still reads it.
 * Not in the server render's entry: that runs in the server's process, where no CSP applies and the same
 * global would make the API's own parsing jitless too.
 */

declare global {
  // A global zod reads: `var` is how TypeScript declares one.
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
