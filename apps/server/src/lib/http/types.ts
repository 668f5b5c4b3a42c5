import type { AnyCall, Locale, MenuNode, Permission, SystemEventCode, UploadScope, UserSelection } from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config';
import type { Clock } from '../clock';
import type { LookupRegistry } from '../lookups';
import type { Database, Executor } from '../db/client';

/** The signed-in staff behind a request, resolved from its token by the access guard. */
export interface Principal {
  staffId: number;
  sessionId: number;
  isSuperAdmin: boolean;
  /** Operation codes the staff's roles grant; `all` for the super-admin. */
  operations: ReadonlySet<string> | 'all';
}

/** Turns a token into a principal or throws the matching logged-out AppError (50008 / 50012 / 50014). */
export type SessionResolver = (token: string) => Promise<Principal>;

/** What the power module offers the rest of the server: who may see and do what. */
export interface GrantsDirectory {
  operationsOf(staffId: number, isSuperAdmin: boolean): Promise<ReadonlySet<string> | 'all'>;
  menusOf(staffId: number, isSuperAdmin: boolean): Promise<MenuNode[]>;
  /** Every operation code in the catalogue (what the super-admin holds). */
  allOperationCodes(): Promise<string[]>;
  roleIdsOf(staffIds: number[]): Promise<Map<number, number[]>>;
  /**
   * Checks that the roles exist and that the granter holds everything the newly given ones grant; refuses with 40000 or
   * 40300 (recorded). Runs before the caller's transaction: on PGlite's one connection a query outside an open
   * transaction would wait for it forever.
   */
  assertMayAssignRoles(staffId: number | null, roleIds: number[], granter: Principal): Promise<void>;
  /**
   * Whether the actor holds every menu and operation the staff's roles grant: the ceiling for managing that staff and
   * for switching into that account. (Whether the staff is the super-admin is the caller's check.)
   */
  covers(actor: Pick<Principal, 'staffId' | 'isSuperAdmin'>, staffId: number): Promise<boolean>;
  /** Replaces a staff's roles (checked beforehand with assertMayAssignRoles). */
  assignRoles(staffId: number, roleIds: number[], tx?: Executor): Promise<void>;
  /** Called whenever grants change, so cached permissions are dropped. */
  onChange(listener: () => void): void;
}

/** What the user module offers the rest of the server: the marketplace's users as recipients. */
export interface UserDirectory {
  /**
   * A user-select selection made exact (ids limited to existing users, a filter normalised) and how many users it stands
   * for now: the count the drawer shows, from the user module's count cache. 40000 naming `selection.ids` when none of
   * its ids exist.
   */
  confirmSelection(selection: UserSelection): Promise<{ count: number; selection: UserSelection }>;
}

/** Sessions that just ended: one (`sessionId`), or every session of the staff except `exceptSessionId`. */
export interface EndedSessions {
  staffId: number;
  sessionId?: number;
  exceptSessionId?: number;
}

/** What the auth module tells the rest of the server about sessions, so what a session holds open can close with it. */
export interface SessionEvents {
  /** Called in this process once a session's end is written: log-out, switch, expiry, replacement, revocation. */
  onEnded(listener: (ended: EndedSessions) => void): void;
}

/** What the file module offers the rest of the server: answering with an upload of a given scope. */
export interface FileDirectory {
  /**
   * Sends the upload at `path` as the reply (inline when a picture, `nosniff`, `no-store`) when it is recorded with
   * `scope` and stored; 40400 otherwise. The caller has checked who may read files of that scope.
   */
  send(reply: FastifyReply, path: string, scope: UploadScope): Promise<void>;
}

/** What the settings module offers the rest of the server: the platform's time zone (docs/time.md). */
export interface TimeZoneSource {
  /** The configured IANA zone (default Asia/Shanghai): day filters, exported times and file names follow it. */
  current(): Promise<string>;
}

/** One happening of a system event: the values of its placeholders, and whom it concerns where its audience is them. */
export interface SystemEventOccurrence {
  params: Record<string, string>;
  /** Audience `user`: the marketplace user it is about. */
  userId?: number;
  /** Audience `requester`: the staff member who asked for it. */
  staffId?: number;
}

/** What the inform module offers the rest of the server: system events (系统通知), noticed as staff set them up. */
export interface SystemEventSink {
  /**
   * Reports that an event of the catalogue happened; call it once the change it reports is committed. Whether anyone is
   * notified, whom, how and with which text is the event's settings' business. A failure to notify is logged, never thrown.
   */
  raise(code: SystemEventCode, occurrence: SystemEventOccurrence): Promise<void>;
}

/**
 * What the staff records offer the department module (docs/departments.md › Deleting): who is in which department.
 * While no module provides it, departments hold no staff.
 */
export interface DepartmentMembers {
  /** How many staff are in any of these departments; runs in the caller's transaction, which holds the tree's lock. */
  count(departmentIds: readonly number[], tx: Executor): Promise<number>;
}

/**
 * Cross-module services, filled in by the modules that own them while they register. One shared object, so an
 * encapsulated module's registration is visible to the guard and to its sibling modules.
 */
export interface AccessServices {
  resolveSession?: SessionResolver;
  sessionEvents?: SessionEvents;
  grants?: GrantsDirectory;
  users?: UserDirectory;
  files?: FileDirectory;
  timeZone?: TimeZoneSource;
  systemEvents?: SystemEventSink;
  departmentMembers?: DepartmentMembers;
  /** The record lookups of record-picking fields, each provided by the module owning those records. */
  lookups: LookupRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    clock: Clock;
    access: AccessServices;
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

/**
 * A cross-module service looked up when first used, so modules may register in any order; a missing one fails with a
 * clear error naming the module that should have provided it.
 */
export function lazyService<K extends keyof AccessServices>(access: AccessServices, key: K, owner: string): NonNullable<AccessServices[K]> {
  return new Proxy({} as NonNullable<AccessServices[K]>, {
    get(_target, property) {
      const service = access[key];
      if (!service) throw new Error(`${String(key)} is provided by the ${owner} module, which is not loaded`);
      const value = (service as unknown as Record<PropertyKey, unknown>)[property];
      return typeof value === 'function' ? value.bind(service) : value;
    },
  });
}
