import { spawn } from 'node:child_process';

/**
 * Runs commands at once from the repository root and answers whether every one succeeded. A `live` command prints as
 * it goes (a long run's progress); the others print their output whole when they end, so outputs never interleave.
 *
 * @param {{ label: string, command: string, args: string[], cwd?: URL | string, live?: boolean }[]} commands
 * @returns {Promise<boolean>}
 */
export async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ({ label, command, args, cwd = new URL('../..', import.meta.url), live = false }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd, stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
          let output = '';
          child.stdout?.on('data', (chunk) => (output += chunk));
          child.stderr?.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}  ${label}\n${output}`);
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}
