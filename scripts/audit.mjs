// `node scripts/audit.mjs`: the dependency audit of what ships (`npm audit --omit=dev`). Fails on high or critical
// findings. When the audit service cannot be asked (no network, or a registry that does not offer the audit endpoint)
// it prints one line saying so and passes, so an outage does not turn CI red; any other failure of npm fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const FAILING = ['high', 'critical'];
/** Network failures: the service was not reached at all. */
const UNREACHABLE_CODES = ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH', 'ERR_SOCKET_TIMEOUT'];
const TIMEOUT_MS = 120_000;

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the audit found, one line per failing package: `name (severity): title, title`. */
function findings(report) {
  return Object.values(report.vulnerabilities ?? {})
    .filter((v) => FAILING.includes(v.severity))
    .map((v) => {
      const titles = (v.via ?? []).filter((via) => typeof via === 'object').map((via) => via.title);
      return `${v.name} (${v.severity})${titles.length ? `: ${[...new Set(titles)].join(', ')}` : ''}`;
    });
}

/**
 * Decides from one run of `npm audit --json`: `{ exitCode, lines }`.
 * @param {{ status: number | null, stdout: string, stderr: string, timedOut?: boolean }} run
 */
export function decide(run) {
  if (run.timedOut) return { exitCode: 0, lines: [`Dependency audit could not run: the audit service did not answer within ${TIMEOUT_MS / 1000} s.`] };
  const report = parseJson(run.stdout);
  const counts = report?.metadata?.vulnerabilities;
  if (counts) {
    const failing = FAILING.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
    const summary = `${counts.total ?? 0} known vulnerabilities in production dependencies (${FAILING.map((l) => `${counts[l] ?? 0} ${l}`).join(', ')})`;
    if (failing > 0) return { exitCode: 1, lines: [`Dependency audit failed: ${summary}.`, ...findings(report).map((f) => `  ${f}`)] };
    return { exitCode: 0, lines: [`Dependency audit passed: ${summary}.`] };
  }
  // npm reports its own failures as JSON too: `{ message, statusCode?, code? }` or `{ error: { code, summary } }`.
  const error = report?.error && typeof report.error === 'object' && !report.message ? report.error : report;
  const text = `${error?.message ?? error?.summary ?? ''}\n${run.stderr}`;
  const statusCode = error?.statusCode ?? Number(/\b(\d{3}) [A-Z][A-Za-z ]+ - (?:GET|POST)\b/.exec(text)?.[1] ?? NaN);
  if (Number.isInteger(statusCode) && statusCode >= 400) {
    return { exitCode: 0, lines: [`Dependency audit could not run: the audit service answered HTTP ${statusCode} (${firstLine(error?.message ?? text)}).`] };
  }
  const code = error?.code ?? UNREACHABLE_CODES.find((c) => text.includes(c));
  if (code && UNREACHABLE_CODES.includes(code)) {
    return { exitCode: 0, lines: [`Dependency audit could not run: the audit service is unreachable (${code}).`] };
  }
  return { exitCode: 1, lines: [`Dependency audit failed to run (npm exited ${run.status}): ${firstLine(text) || 'no output'}`] };
}

const firstLine = (text) =>
  text
    .split('\n')
    .map((l) => l.replace(/^npm (?:error|warn|ERR!) /, '').trim())
    .find((l) => l && !/Unknown (?:user|env) config/.test(l)) ?? '';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { cwd: root, encoding: 'utf8', timeout: TIMEOUT_MS });
  const { exitCode, lines } = decide({
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    timedOut: result.error?.code === 'ETIMEDOUT',
  });
  for (const line of lines) process.stdout.write(`${line}\n`);
  process.exit(exitCode);
}
