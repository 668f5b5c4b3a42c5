import type { AnyCall, Locale, Permission } from '@juqi/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../db/client';

/** The signed-in staff behind a request, resolved from its token by the access guard. */
export interface Principal {
  staffId: number;
  sessionId: number;
  /** Operation codes the staff's roles grant; `all` for the super-admin. */
  operations: ReadonlySet<string> | 'all';
}

/** Turns a token into a principal or throws the matching logged-out AppError (50008 / 50012 / 50014). */
export type SessionResolver = (token: string) => Promise<Principal>;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    access: { resolveSession?: SessionResolver };
  }
  interface FastifyRequest {
    locale: Locale;
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route; every `/api` route must declare one or the server refuses to boot. */
    permission?: Permission;
    /** The contract declaration the route was registered from. */
    call?: AnyCall;
  }
}
