import { z } from 'zod';
import { defineCall } from './call';
import { defineContractModule } from './contract-module';

/** Liveness and readiness of the server itself. */
export const systemCalls = {
  health: defineCall({
    method: 'GET',
    path: '/healthz',
    tag: 'system',
    summary: 'Liveness: the process is up and the database answers',
    permission: 'public',
    data: z.object({ status: z.literal('ok'), engine: z.enum(['pglite', 'postgres']) }),
  }),
};

/** The system module's share of the contract (`contractModules`). */
export const systemContract = defineContractModule({ name: 'system', calls: systemCalls });
