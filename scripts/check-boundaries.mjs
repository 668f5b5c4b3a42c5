// `node scripts/check-boundaries.mjs`: the module boundaries of the web app and the server (docs/architecture.md ›
// Module boundaries), checked on every relative import, type-only and dynamic ones included. Run by `npm run lint`.
// oxlint's `no-restricted-imports` matches an import as written, not the file it names (`../file` is another module
// from `modules/inform/x.ts`, the module's own folder from `modules/inform/components/x.ts`), so it cannot say
// "only its own folder"; this resolves each import to its file and judges where both files sit.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];
/** The source folders checked, relative to the repository. */
export const CHECKED_ROOTS = { web: 'apps/web/src', server: 'apps/server/src' };

/**
 * Where a file sits, from its path inside its source folder: its zone and, inside a module, the module's name and
 * whether it is the module's public face (`index.ts`) or its `table.ts`.
 * @param {'web' | 'server'} side
 * @param {string} rel path inside the source folder, with `/`
 */
export function placeOf(side, rel) {
  const parts = rel.split('/');
  const base = parts.at(-1).replace(/\.[^.]+$/, '');
  if (parts[0] === 'modules') {
    if (parts.length === 2) return { zone: 'registry', rel };
    return { zone: 'module', module: parts[1], index: parts.length === 3 && base === 'index', table: parts.length === 3 && base === 'table', rel };
  }
  if (side === 'web') {
    if (parts[0] === 'app') return { zone: 'app', shell: parts[1] === 'shell', rel };
    if (parts[0] === 'lib' || parts[0] === 'components') return { zone: 'shared', rel };
    if (parts[0] === 'test') return { zone: 'test', rel };
    return { zone: 'entry', rel };
  }
  if (parts[0] === 'lib') return { zone: 'lib', rel };
  if (parts[0] === 'plugins') return { zone: 'plugins', rel };
  // The validated environment: a leaf (it imports packages only) that lib/ and plugins/ read the types of.
  if (rel === 'config.ts') return { zone: 'config', rel };
  return { zone: 'root', rel };
}

/** The module type (`WebModule`), which the module list declares itself by. */
const WEB_MODULE_TYPES = 'lib/web-module.ts';

/**
 * Why an import from one place to another breaks the boundaries, or null when it may.
 * @returns {string | null}
 */
export function judge(side, from, to) {
  if (side === 'web') return judgeWeb(from, to);
  return judgeServer(from, to);
}

function judgeWeb(from, to) {
  const shared = to.zone === 'shared' || to.zone === 'test';
  switch (from.zone) {
    case 'module':
      if (to.zone === 'module' && to.module === from.module) return null;
      // Another module's index.ts is its public face (user's UserSelectDrawer); its files are not.
      if (shared || (to.zone === 'module' && to.index)) return null;
      return 'a module imports its own folder, lib/, components/ and other modules’ index.ts only';
    case 'shared':
    case 'test':
      if (shared) return null;
      return 'lib/, components/ and test/ import lib/, components/ and test/ only';
    case 'registry':
      if ((to.zone === 'module' && to.index) || to.rel === WEB_MODULE_TYPES) return null;
      return 'modules/index.ts lists the modules’ index.ts only';
    case 'app':
      if (to.zone === 'app' || shared || to.zone === 'registry') return null;
      // The sign-in page is in the first load, which must not take the module list (bench/README.md: 100 KB, checked by the suite).
      if (from.rel === 'app/app.tsx' && to.zone === 'module' && to.module === 'auth' && to.index) return null;
      return from.shell
        ? 'the shell takes modules from modules/index.ts only (their WebModule slots)'
        : 'app/ takes modules from modules/index.ts only (app.tsx also the sign-in page from modules/auth/index.ts)';
    default:
      if (to.zone === 'module' && !to.index) return 'outside modules/, import a module by its index.ts only';
      return null;
  }
}

function judgeServer(from, to) {
  switch (from.zone) {
    case 'module':
      if (to.zone === 'module' && to.module === from.module) return null;
      if (to.zone === 'lib') return null;
      // A foreign key names the other module's table; a query that joins it takes the table from lib/db/schema.ts.
      if (from.table && to.zone === 'module' && to.table) return null;
      return 'a module imports its own folder and lib/ only (a table.ts may also name another module’s table.ts)';
    case 'registry':
      if ((to.zone === 'module' && to.index) || to.zone === 'lib') return null;
      return 'modules/index.ts lists the modules’ index.ts only';
    case 'plugins':
      if (to.zone === 'plugins' || to.zone === 'lib' || to.zone === 'config' || to.zone === 'registry') return null;
      return 'plugins import plugins/, lib/, config.ts and modules/index.ts only';
    case 'lib':
      if (to.zone === 'lib' || to.zone === 'config') return null;
      // The one Drizzle schema re-exports every table for drizzle-kit and for queries across modules.
      if (from.rel === 'lib/db/schema.ts' && to.zone === 'module' && to.table) return null;
      return 'lib/ imports lib/ and config.ts only';
    default:
      if (to.zone === 'module' && !to.index) return 'outside modules/, import a module by its index.ts only';
      return null;
  }
}

/** The file a relative import names: as written, with a source extension, or a folder's index. */
function resolveImport(fromFile, specifier) {
  const target = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    target,
    ...SOURCE_EXTENSIONS.map((ext) => target + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(target, `index${ext}`)),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE_EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const toSlash = (p) => p.split(path.sep).join('/');

/**
 * Every import across a boundary under `root` (the repository): `{ file, line, specifier, reason }`, file relative to
 * the repository. Imports of packages, and of files outside the checked folders, are not judged.
 */
export function findViolations(root) {
  const violations = [];
  for (const [side, folder] of Object.entries(CHECKED_ROOTS)) {
    const sourceRoot = path.join(root, folder);
    for (const file of sourceFiles(sourceRoot)) {
      const text = fs.readFileSync(file, 'utf8');
      const from = placeOf(side, toSlash(path.relative(sourceRoot, file)));
      for (const { fileName: specifier, pos } of ts.preProcessFile(text, true, true).importedFiles) {
        if (!specifier.startsWith('.')) continue;
        const resolved = resolveImport(file, specifier);
        if (!resolved) continue;
        const relTarget = toSlash(path.relative(sourceRoot, resolved));
        if (relTarget.startsWith('../')) continue;
        const reason = judge(side, from, placeOf(side, relTarget));
        if (reason) {
          const line = text.slice(0, pos).split('\n').length;
          violations.push({ file: toSlash(path.relative(root, file)), line, specifier, reason });
        }
      }
    }
  }
  return violations;
}

/** The report: one line per violation, `file:line  'specifier'  reason`. */
export const formatViolation = (v) => `${v.file}:${v.line}  '${v.specifier}'  ${v.reason}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const violations = findViolations(root);
  if (violations.length) {
    const lines = [`Module boundaries: ${violations.length} import(s) across a boundary (docs/architecture.md › Module boundaries)`];
    process.stderr.write(`${[...lines, ...violations.map((v) => `  ${formatViolation(v)}`)].join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write('Module boundaries: every import stays within its bounds.\n');
}
