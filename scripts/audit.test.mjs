// `node --test scripts/`: the audit script's decisions, then the whole script against a fake audit service on this machine.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import zlib from 'node:zlib';
import { decide } from './audit.mjs';

const report = (counts, vulnerabilities = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts } },
  });

describe('the audit decision', () => {
  it('passes when nothing high or critical is known', () => {
    const result = decide({ status: 1, stdout: report({ low: 2, moderate: 1, total: 3 }), stderr: '' });
    assert.equal(result.exitCode, 0);
    assert.deepEqual(result.lines, ['Dependency audit passed: 3 known vulnerabilities in production dependencies (0 high, 0 critical).']);
  });

  it('fails on a high or critical finding and names the package and advisory', () => {
    const vulnerabilities = {
      fastify: { name: 'fastify', severity: 'high', via: [{ title: 'Content-type confusion', severity: 'high' }] },
      qs: { name: 'qs', severity: 'critical', via: ['body-parser'] },
      ms: { name: 'ms', severity: 'low', via: [{ title: 'ReDoS' }] },
    };
    const result = decide({ status: 1, stdout: report({ low: 1, high: 1, critical: 1, total: 3 }, vulnerabilities), stderr: '' });
    assert.equal(result.exitCode, 1);
    assert.deepEqual(result.lines, [
      'Dependency audit failed: 3 known vulnerabilities in production dependencies (1 high, 1 critical).',
      '  fastify (high): Content-type confusion',
      '  qs (critical)',
    ]);
  });

  it('passes with one line when the audit service refuses the request (HTTP 405 from a registry without it)', () => {
    const stdout = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      method: 'POST',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    const result = decide({ status: 1, stdout, stderr: 'npm error audit endpoint returned an error' });
    assert.equal(result.exitCode, 0);
    assert.equal(result.lines.length, 1);
    assert.match(result.lines[0], /^Dependency audit could not run: the audit service answered HTTP 405 /);
  });

  it('passes with one line when the service cannot be reached, or does not answer in time', () => {
    const refused = decide({
      status: 1,
      stdout: JSON.stringify({ message: 'request to http://127.0.0.1:9/-/npm/v1/security/advisories/bulk failed, reason: connect ECONNREFUSED 127.0.0.1:9', error: { summary: '' } }),
      stderr: '',
    });
    assert.deepEqual(refused, { exitCode: 0, lines: ['Dependency audit could not run: the audit service is unreachable (ECONNREFUSED).'] });
    const offline = decide({ status: 1, stdout: '', stderr: 'npm error code ENOTFOUND\nnpm error getaddrinfo ENOTFOUND registry.example' });
    assert.equal(offline.exitCode, 0);
    const slow = decide({ status: null, stdout: '', stderr: '', timedOut: true });
    assert.equal(slow.exitCode, 0);
    assert.match(slow.lines[0], /did not answer within 120 s/);
  });

  it('fails when npm itself fails for another reason (no lock file)', () => {
    const stdout = JSON.stringify({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.', detail: '' } });
    const result = decide({ status: 1, stdout, stderr: '' });
    assert.equal(result.exitCode, 1);
    assert.equal(result.lines[0], 'Dependency audit failed to run (npm exited 1): This command requires an existing lockfile.');
  });
});

/** Runs the real script with npm pointed at a local fake registry that answers the bulk advisory call. */
async function auditAgainst(answer) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (d) => chunks.push(d));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
      answer(req, JSON.parse(body.toString() || '{}'), res);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const registry = `http://127.0.0.1:${server.address().port}/`;
  try {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'audit.mjs')], {
      env: { ...process.env, npm_config_registry: registry, npm_config_fetch_retries: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const status = await new Promise((resolve) => child.on('exit', resolve));
    return { status, stdout };
  } finally {
    server.close();
  }
}

describe('the audit script', () => {
  it('fails on a high advisory for a production dependency', async () => {
    const result = await auditAgainst((req, asked, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET') {
        // npm reads the documents of the flagged package and of those depending on it: the installed versions will do.
        const name = decodeURIComponent(req.url.slice(1));
        const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../node_modules', name, 'package.json'), 'utf8'));
        res.end(JSON.stringify({ name, 'dist-tags': { latest: manifest.version }, versions: { [manifest.version]: manifest } }));
        return;
      }
      const advisory = { id: 1, url: 'https://advisories.example/1', title: 'Made-up flaw', severity: 'high', vulnerable_versions: '>=0.0.0', cwe: [], cvss: {} };
      res.end(JSON.stringify(asked.fastify ? { fastify: [advisory] } : {}));
    });
    assert.equal(result.status, 1, result.stdout);
    // The packages depending on fastify are reported as well (npm's "metavulnerabilities").
    assert.match(result.stdout, /^Dependency audit failed: \d+ known vulnerabilities in production dependencies \([1-9]\d* high, 0 critical\)\.\n/);
    assert.match(result.stdout, /^ {2}fastify \(high\): Made-up flaw$/m);
  });

  it('passes with one line when the service answers 405', async () => {
    const result = await auditAgainst((req, asked, res) => {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
    });
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^Dependency audit could not run: the audit service answered HTTP 405 [^\n]*\n$/);
  });
});
