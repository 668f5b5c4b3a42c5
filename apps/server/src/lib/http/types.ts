import type { AnyCall, ApprovalKind, Locale, MenuNode, NotificationSubject, Permission, SuggestedKeyword, SystemEventCode, Texts, UploadScope, UploadType, UserSelection } from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { AppConfig } from '../../config';
import type { Clock } from '../clock';
import type { LookupRegistry } from '../lookups';
import type { ReviewRegistry } from '../reviews';
import type { Database, Executor } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { SecretBox } from '../secrets';

/** The signed-in staff behind a request, resolved from its token by the access guard. */
export interface Principal {
  staffId: number;
  sessionId: number;
  isSuperAdmin: boolean;
  /** Operation codes the staff's roles grant; `all` for the super-admin. */
  operations: ReadonlySet<string> | 'all';
}

/** Whether the staff holds an operation code: the super-admin holds them all. */
export const holdsOperation = (principal: Pick<Principal, 'operations'>, code: string): boolean => principal.operations === 'all' || principal.operations.has(code);

/** Turns a token into a principal or throws the matching logged-out AppError (50008 / 50012 / 50014). */
export type SessionResolver = (token: string) => Promise<Principal>;

/** The marketplace user behind an `app-user` call, resolved from an app session's token by the access guard. */
export interface AppUserPrincipal {
  userId: number;
  sessionId: number;
}

/** Turns an app session's token into its user or throws the logged-out AppError (50008; 50014 when expired). */
export type AppUserSessionResolver = (token: string) => Promise<AppUserPrincipal>;

/**
 * A module's rule for a marketplace user's app sign-in, asked once the code proved the phone (代理登录: the agency
 * module's platforms and device cap for users of type 1). `refusal` turns the sign-in away (40300, recorded as
 * `platform_refused`); `maxSessions` caps the user's open sessions, the oldest ended beyond it.
 */
export type AppSignInRules = (user: { id: number; typeUser: number }, platform: string) => Promise<{ refusal?: Texts; maxSessions?: number }>;

/** What the power module offers the rest of the server: who may see and do what. */
export interface GrantsDirectory {
  operationsOf(staffId: number, isSuperAdmin: boolean): Promise<ReadonlySet<string> | 'all'>;
  menusOf(staffId: number, isSuperAdmin: boolean): Promise<MenuNode[]>;
  /** Every operation code in the catalogue (what the super-admin holds). */
  allOperationCodes(): Promise<string[]>;
  roleIdsOf(staffIds: number[]): Promise<Map<number, number[]>>;
  /** The active accounts holding an operation, through their roles or as the super-admin; by id. */
  holdersOf(code: string): Promise<number[]>;
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

/** A sign-in account as other modules see it. */
export interface AccountSummary {
  id: number;
  staffNum: string;
  name: string;
  status: 'active' | 'disabled';
}

/** What the auth module offers the rest of the server about sign-in accounts: staff records link to them (docs/personnel.md). */
export interface AccountDirectory {
  /** The accounts of these ids that exist, disabled ones included. */
  summaries(ids: readonly number[], tx?: Executor): Promise<Map<number, AccountSummary>>;
  /**
   * Refuses (40300, recorded as `staff.refused` with `action`) unless the actor may manage the account: the grant
   * ceiling of docs/security.md, as for a password reset. Only the super-admin manages the super-admin.
   */
  assertMayManage(accountId: number, actor: Principal, action: string): Promise<void>;
  /**
   * Disables the account's sign-in and ends its sessions in the caller's transaction, recorded as `staff.disable` by
   * the system with `reason`. Nothing for an account already disabled, or the super-admin's (it would lock everyone out).
   */
  disable(accountId: number, reason: string, tx: Executor): Promise<void>;
}

/** What the file module offers the rest of the server: answering with an upload of a given scope. */
export interface FileDirectory {
  /**
   * Sends the upload at `path` as the reply (inline when a picture, `nosniff`, `no-store`) when it is recorded with
   * `scope` and stored; 40400 otherwise. The caller has checked who may read files of that scope.
   */
  send(reply: FastifyReply, path: string, scope: UploadScope): Promise<void>;
  /**
   * Checks a file part of a module's own multipart call as an upload of `type` (extension, size, magic bytes; refusals
   * name the part) and stores it in `scope` with no uploader: answers its path.
   */
  storePart(part: MultipartFile, stored: { module: string; type: UploadType; scope: UploadScope }): Promise<string>;
  /** Deletes files `storePart` stored for a submission then refused. */
  discard(paths: readonly string[]): Promise<void>;
}

/** What the settings module offers the rest of the server: the platform's time zone (docs/time.md). */
export interface TimeZoneSource {
  /** The configured IANA zone (default Asia/Shanghai): day filters, exported times and file names follow it. */
  current(): Promise<string>;
}

/** One happening of a system event: the values of its placeholders, and whom it concerns where its audience is them. */
export interface SystemEventOccurrence {
  params: Record<string, string>;
  /** What it is about, for its notification to open. */
  subject?: NotificationSubject;
  /** Audience `user`: the marketplace user it is about. */
  userId?: number;
  /** Audience `requester`: the staff member who asked for it. */
  staffId?: number;
  /** Audience `approvers`: the staff accounts whose decision it waits for. */
  staffIds?: number[];
}

/** What the inform module offers the rest of the server: system events (系统通知), noticed as staff set them up. */
export interface SystemEventSink {
  /**
   * Reports that an event of the catalogue happened; call it once the change it reports is committed. Whether anyone is
   * notified, whom, how and with which text is the event's settings' business. A failure to notify is logged, never thrown.
   */
  raise(code: SystemEventCode, occurrence: SystemEventOccurrence): Promise<void>;
  /**
   * Tells the open screens of these staff that what the subject names changed (a step decided, by someone else too),
   * so their lists and to-dos read it again; no message, whatever the events' settings. Never throws.
   */
  changed(subject: NotificationSubject, staffIds: number[]): Promise<void>;
}

/**
 * What the staff records offer the department module (docs/departments.md › Deleting): who is in which department.
 * While no module provides it, departments hold no staff.
 */
export interface DepartmentMembers {
  /** How many staff are in any of these departments; runs in the caller's transaction, which holds the tree's lock. */
  count(departmentIds: readonly number[], tx: Executor): Promise<number>;
}

/** A new candidate, as another module (recruitment's 转为员工) hands it to the staff records. */
export interface CandidateInput {
  name: string;
  mobile: string;
  post: string | null;
  company_id: number | null;
  department_id: number | null;
}

/** What the staff records offer other modules: making a candidate's record under the records' own rules. */
export interface StaffRecordsDirectory {
  /**
   * Adds a `candidate` record in the caller's transaction, checked as `staff_add` checks one (a mobile a live record
   * holds: 40900 naming mobile; an unknown company or department: 40000 naming it). History and audit name the actor.
   */
  addCandidate(input: CandidateInput, actor: { staffId: number; ip: string }, tx: Executor): Promise<{ id: number }>;
}

/** A request of a kind, as its kind sees it when the last step approves it. */
export interface ApprovedRequest {
  id: number;
  subjectId: number;
  payload: Record<string, unknown>;
  /** The staff account that filed it; null when a marketplace user applied in the apps (`applicantUserId`). */
  requesterId: number | null;
  applicantUserId: number | null;
  /** Who gave the last approval, from where: the change is theirs in history and audit. */
  approver: { staffId: number; ip: string };
}

/** What a module registers for a kind of request on records it owns (docs/approvals.md › Kinds). */
export interface ApprovalKindHandler {
  /**
   * Checks a request about to be submitted, in the submission's transaction: the subject exists and may undergo it, the
   * payload fits the kind's settings (an AppError 40000 naming the field refuses it). Answers the subject's name and
   * department (for department-head steps) and the one-line summary lists and notices show.
   */
  check(subjectId: number, payload: Record<string, unknown>, tx: Executor): Promise<{ subjectName: string; departmentId: number | null; summary: string }>;
  /** The flow the kind's settings choose; null while none is chosen. */
  flowId(tx?: Executor): Promise<number | null>;
  /** Makes the approved change in the final approval's transaction; an AppError refuses the approval and keeps nothing. */
  apply(request: ApprovedRequest, tx: Executor): Promise<void>;
  /** Called once the final approval is committed (to schedule what follows from it). */
  applied?(request: ApprovedRequest): Promise<void>;
  /**
   * The marketplace user whose subject this is, who alone may file about it in the apps: by default the subject is the
   * user (代理申请); a 业务申请's subject is the agency's record of a business, whose applicant is the agency.
   */
  applicantOf?(subjectId: number, tx: Executor): Promise<number | null>;
}

/** Who files a request: a staff account, or a marketplace user in the apps. */
export type RequestFiler = { staffId: number; ip: string } | { userId: number; ip: string };

/** A request as its subject follows it in the apps (代理申请's state). */
export interface ApplicantRequest {
  id: number;
  state: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  summary: string;
  /** A rejection's comment; '' otherwise. */
  comment: string;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A request waiting for a decision, as the record it is about shows it. */
export interface PendingRequest {
  id: number;
  kind: ApprovalKind;
  summary: string;
  requester: { id: number; name: string };
  createdAt: Date;
}

/** What the approval module offers: kinds registered by their owners, submissions, and counts for dashboards. */
export interface ApprovalDirectory {
  register(kind: ApprovalKind, handler: ApprovalKindHandler): void;
  /**
   * Submits a request of a registered kind to the flow its settings choose; answers its id. Notifies the first approvers.
   * Filed by a staff account, or by a marketplace user applying about themselves in the apps (`userId`: the subject).
   */
  submit(input: { kind: ApprovalKind; subjectId: number; payload: Record<string, unknown> }, by: RequestFiler): Promise<{ id: number }>;
  /** The applicant takes back their own pending request (another's 40400, a finished one 40900). */
  withdrawAsApplicant(input: { id: number }, applicant: { userId: number; ip: string }): Promise<void>;
  /** The newest request of a kind about a subject, whoever filed it, with a rejection's comment; null for none. */
  newestAbout(kind: ApprovalKind, subjectId: number): Promise<ApplicantRequest | null>;
  /** Each rejected request's comment (its last rejection's), which its applicant reads, by request id. */
  rejectionComments(requestIds: readonly number[]): Promise<Map<number, string>>;
  /** Whether a flow of this id serves the kind (settings check their choice with it). */
  flowServes(flowId: number, kind: ApprovalKind, tx?: Executor): Promise<boolean>;
  /** The name of a flow; null when there is none of that id. */
  flowName(flowId: number): Promise<string | null>;
  /** How many requests wait for a decision (of one kind, or all). */
  pendingCount(kind?: ApprovalKind): Promise<number>;
  /** The requests of these kinds about one subject waiting for a decision (one of a kind at most), oldest first. */
  pendingAbout(kinds: readonly ApprovalKind[], subjectId: number): Promise<PendingRequest[]>;
}

/**
 * What an agency owes from commissions clawed back beyond its cash (docs/marketplace.md › Money): taken from its next
 * releases, or from its cash before it may withdraw.
 */
export interface CommissionDues {
  /** Fen the agency still owes, read inside the caller's transaction. */
  owed(agencyId: number, tx: Executor): Promise<number>;
  /** Takes what it owes out of its cash, oldest first, as far as its available cash covers. */
  settle(agencyId: number, tx: Executor): Promise<void>;
}

/**
 * Cross-module services, filled in by the modules that own them while they register. One shared object, so an
 * encapsulated module's registration is visible to the guard and to its sibling modules.
 */
export interface AccessServices {
  resolveSession?: SessionResolver;
  /** Provided by the auth module: the marketplace users' app sessions. */
  resolveAppUser?: AppUserSessionResolver;
  /** Provided by the agency module: 代理登录's rules for an agency's sign-in. */
  appSignInRules?: AppSignInRules;
  sessionEvents?: SessionEvents;
  accounts?: AccountDirectory;
  grants?: GrantsDirectory;
  users?: UserDirectory;
  files?: FileDirectory;
  timeZone?: TimeZoneSource;
  systemEvents?: SystemEventSink;
  departmentMembers?: DepartmentMembers;
  approvals?: ApprovalDirectory;
  /** Provided by the personnel module; absent while it is not registered. */
  staffRecords?: StaffRecordsDirectory;
  /** Provided by the order module; absent while it is not registered (no agency owes anything then). */
  commissionDues?: CommissionDues;
  /** Provided by the keyword module: the master library as the publishing tool reads it (智能关键词). */
  keywordLibrary?: KeywordLibrary;
  /** The record lookups of record-picking fields, each provided by the module owning those records. */
  lookups: LookupRegistry;
  /** The two-person steps waiting for a second person, each kind provided by the module keeping it (the to-dos). */
  reviews: ReviewRegistry;
}

/** A library keyword related to a seed word, as 智能关键词 lists it (before the tool says whether it keeps it). */
export type RelatedKeyword = Omit<SuggestedKeyword, 'kept'>;

/** The keyword library, read by the publishing tool (docs/publishing.md › Material). */
export interface KeywordLibrary {
  /** Keywords related to a seed word, the seed as the library keeps words, and whether it holds the seed. */
  related(seed: string, options: { typeId?: number; industryId?: number; limit: number }): Promise<{ seed: string; seedKnown: boolean; keywords: RelatedKeyword[] }>;
  /** The words of library keywords by id; an id the library does not hold is left out. */
  words(ids: number[]): Promise<{ id: number; word: string }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    clock: Clock;
    /** Background work (lib/jobs, docs/jobs.md). */
    jobs: JobQueue;
    access: AccessServices;
    /** Credentials at rest: sealed and opened under the configured keys (lib/secrets). */
    secrets: SecretBox;
  }
  interface FastifyRequest {
    locale: Locale;
    principal: Principal | null;
    /** The marketplace user of an `app-user` call; null on every other call. */
    appUser: AppUserPrincipal | null;
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
