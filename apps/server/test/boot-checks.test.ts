import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverModules } from '../src/modules';
import { buildTestApp } from './helpers/app';

describe('boot checks', () => {
  it('refuses to boot when an /api route declares no permission', async () => {
    await expect(
      buildTestApp({ extend: (app) => app.register(async (s) => void s.get('/api/test/undeclared', async () => 'x')) }),
    ).rejects.toThrow(/without a declared permission: GET \/api\/test\/undeclared/);
  });

  it('refuses to boot when a declared call has no handler', async () => {
    await expect(buildTestApp({ modules: serverModules.filter((m) => m.name !== 'settings') })).rejects.toThrow(
      /Declared calls without a handler: GET \/api\/set\/system_details/,
    );
  });

  it('refuses to boot when a declared approval kind has no handler', async () => {
    // Personnel as it is, but its 调岗 handler never reaches the approval module.
    const modules = serverModules.map((module) =>
      module.name !== 'personnel'
        ? module
        : {
            ...module,
            routes: async (app: FastifyInstance) => {
              const approvals = app.access.approvals!;
              const register = approvals.register.bind(approvals);
              approvals.register = (kind, handler) => (kind === 'transfer' ? undefined : register(kind, handler));
              await module.routes(app, {});
              approvals.register = register;
            },
          },
    );
    await expect(buildTestApp({ modules })).rejects.toThrow(/Declared approval kinds without a handler: transfer/);
  });
});
