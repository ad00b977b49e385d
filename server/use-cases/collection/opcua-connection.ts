/**
 * One connection to an OPC UA server, with node-opcua's client (docs/api.md, "Data collection"): a session
 * (anonymous or user name and password), a subscription to the events of the Server object with an event filter
 * selecting the condition fields, ConditionRefresh, and a browse for conditions (测试连接). Reconnection is the
 * caller's: when the connection is lost, `lost` settles and the caller opens a new one (then refreshes).
 * node-opcua is loaded with the first connection: a console without OPC UA sources never loads it (nor prints
 * its start-up warnings).
 */
import type { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import type { ClientMonitoredItem, ClientSession, ClientSubscription, OPCUAClient, Variant } from 'node-opcua-client';
import type { BrowsedCondition } from '../../../contract/sources';
import type { OpcuaSecurityMode, OpcuaSecurityPolicy } from '../../../contract/vocabulary';
import type { ConditionEvent } from '../../domain/collection/opcua';

export interface OpcuaEndpoint {
  endpointUrl: string;
  securityMode: OpcuaSecurityMode;
  securityPolicy: OpcuaSecurityPolicy;
  userName: string;
  /** The password opened from its sealed form; undefined for an anonymous session. */
  password?: string;
  /** A further event field with the process value (`1:Value`), '' for none. */
  valueField: string;
}

/** What the subscription delivers, in order: condition events and the marks around a refresh. */
export type OpcuaNotice = { kind: 'event'; event: ConditionEvent } | { kind: 'refreshStart' } | { kind: 'refreshEnd' };

const SERVER_OBJECT = 'i=2253';
const REFRESH_START_EVENT = 'ns=0;i=2787';
const REFRESH_END_EVENT = 'ns=0;i=2788';
/** The Unshelved state of ShelvingState; a null NodeId is a condition never shelved. */
const UNSHELVED = new Set(['ns=0;i=2930', 'ns=0;i=0']);
const NULL_NODE = 'ns=0;i=0';

const FIELDS = [
  'EventId',
  'EventType',
  'SourceName',
  'Time',
  'Message',
  'Severity',
  'ConditionName',
  'BranchId',
  'ActiveState.Id',
  'AckedState.Id',
  'ShelvingState.CurrentState.Id',
  'SuppressedState.Id',
  'OutOfServiceState.Id',
  'ConditionId',
] as const;

/** How long a connection attempt, and each request, may take. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The subscription's publishing interval: events reach the console within it. */
const PUBLISHING_MS = 100;
/** Keep-alives come every PUBLISHING_MS × this; none for three of them means the connection is gone. */
const KEEP_ALIVE_COUNT = 20;

type NodeOpcua = typeof import('node-opcua-client');
let nodeOpcua: Promise<NodeOpcua> | undefined;
const loadNodeOpcua = () => {
  nodeOpcua ??= import('node-opcua-client');
  return nodeOpcua;
};

let certificates: OPCUACertificateManager | undefined;
let certificatesFolder: string | undefined;

/**
 * Where the client keeps its own certificate (made on first use) and the servers' it met: trust on first use,
 * as the plant's own network is where the console runs.
 */
export function useCertificateFolder(folder: string): void {
  certificatesFolder = folder;
}

async function certificateManager(): Promise<OPCUACertificateManager | undefined> {
  if (!certificatesFolder) return undefined;
  if (!certificates) {
    const { OPCUACertificateManager } = await import('node-opcua-certificate-manager');
    certificates = new OPCUACertificateManager({
      rootFolder: certificatesFolder,
      automaticallyAcceptUnknownCertificate: true,
    });
    await certificates.initialize();
  }
  return certificates;
}

/** A Chinese explanation of a node-opcua failure, with its own text for the specialist; ours are already Chinese. */
export function connectionProblem(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/[\u4e00-\u9fa5]/.test(text)) return text;
  if (/BadUserAccessDenied|BadIdentityTokenRejected|BadIdentityTokenInvalid/i.test(text)) {
    return `OPC UA 服务器拒绝了登录：请检查用户名和密码（${firstLine(text)}）`;
  }
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|timeout|connect/i.test(text)) {
    return `无法连接 OPC UA 服务器：${firstLine(text)}`;
  }
  if (/BadSecurity|certificate|SecurityPolicy|endpoint/i.test(text)) {
    return `OPC UA 安全设置不匹配：请检查安全模式与安全策略（${firstLine(text)}）`;
  }
  return `OPC UA 通信出错：${firstLine(text)}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0].slice(0, 300);
}

function text(variant: Variant | undefined): string {
  const value = variant?.value as unknown;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in (value as object)) return String((value as { text: unknown }).text ?? '');
  if (typeof value === 'object' && 'name' in (value as object)) return String((value as { name: unknown }).name ?? '');
  return String(value);
}

function flag(variant: Variant | undefined): boolean | undefined {
  const value = variant?.value as unknown;
  return typeof value === 'boolean' ? value : undefined;
}

function processValue(variant: Variant | undefined): number | string | undefined {
  const value = variant?.value as unknown;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value) return value.slice(0, 200);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

export class OpcuaConnection {
  private subscription: ClientSubscription | undefined;
  private item: ClientMonitoredItem | undefined;
  private readonly eventTypes = new Map<string, string>();
  private resolveLost!: (reason: string) => void;
  /** Settles with the reason once the connection is gone (server stopped, network, session closed). */
  readonly lost: Promise<string>;
  private closed = false;
  private heardAt = Date.now();
  private watchdog: NodeJS.Timeout | undefined;

  private constructor(
    private readonly client: OPCUAClient,
    private readonly session: ClientSession,
    private readonly endpoint: OpcuaEndpoint,
    private readonly ua: NodeOpcua,
  ) {
    this.lost = new Promise((resolve) => {
      this.resolveLost = resolve;
    });
    const lose = (reason: string) => () => this.lose(reason);
    client.on('connection_lost', lose('与 OPC UA 服务器的连接已断开'));
    client.on('close', lose('与 OPC UA 服务器的连接已关闭'));
    session.on('session_closed', lose('OPC UA 会话已关闭'));
    session.on('keepalive_failure', lose('OPC UA 会话保活失败'));
  }

  static async open(endpoint: OpcuaEndpoint): Promise<OpcuaConnection> {
    const ua = await loadNodeOpcua();
    const { MessageSecurityMode, OPCUAClient, SecurityPolicy, UserTokenType } = ua;
    const client = OPCUAClient.create({
      applicationName: 'alarm-console',
      endpointMustExist: false,
      securityMode: MessageSecurityMode[endpoint.securityMode],
      securityPolicy: SecurityPolicy[endpoint.securityPolicy],
      // One attempt: the collector backs off and tries again itself, with a new session and a refresh.
      connectionStrategy: { maxRetry: 0, initialDelay: 200, maxDelay: 1000 },
      transportTimeout: CONNECT_TIMEOUT_MS,
      requestedSessionTimeout: 60_000,
      keepSessionAlive: true,
      clientCertificateManager: await certificateManager(),
    });
    try {
      await client.connect(endpoint.endpointUrl);
      const session = await client.createSession(
        endpoint.userName
          ? { type: UserTokenType.UserName, userName: endpoint.userName, password: endpoint.password ?? '' }
          : { type: UserTokenType.Anonymous },
      );
      return new OpcuaConnection(client, session, endpoint, ua);
    } catch (error) {
      await client.disconnect().catch(() => undefined);
      throw error;
    }
  }

  private lose(reason: string): void {
    if (this.closed) return;
    this.resolveLost(reason);
  }

  /** Subscribes to the Server object's events; `notify` gets them in the order they arrive. */
  async subscribe(notify: (notices: OpcuaNotice[]) => void): Promise<void> {
    const { AttributeIds, TimestampsToReturn, constructEventFilter } = this.ua;
    const subscription = await this.session.createSubscription2({
      requestedPublishingInterval: PUBLISHING_MS,
      requestedLifetimeCount: KEEP_ALIVE_COUNT * 10,
      requestedMaxKeepAliveCount: KEEP_ALIVE_COUNT,
      maxNotificationsPerPublish: 0,
      publishingEnabled: true,
      priority: 10,
    });
    this.subscription = subscription;
    const fields: string[] = [...FIELDS];
    if (this.endpoint.valueField) fields.push(this.endpoint.valueField);
    const item = await subscription.monitor(
      { nodeId: SERVER_OBJECT, attributeId: AttributeIds.EventNotifier },
      { samplingInterval: 0, queueSize: 65_535, discardOldest: false, filter: constructEventFilter(fields) },
      TimestampsToReturn.Neither,
    );
    this.item = item;
    // Notifications of one publish response come one by one, synchronously: gathered and handed over together.
    let pending: OpcuaNotice[] = [];
    item.on('changed', (values: Variant[]) => {
      this.heardAt = Date.now();
      const notice = this.decode(values);
      if (!notice) return;
      if (!pending.length) {
        setImmediate(() => {
          const notices = pending;
          pending = [];
          notify(notices);
        });
      }
      pending.push(notice);
    });
    subscription.on('keepalive', () => {
      this.heardAt = Date.now();
    });
    subscription.on('terminated', () => this.lose('OPC UA 订阅已终止'));
    const silence = PUBLISHING_MS * KEEP_ALIVE_COUNT * 3;
    this.watchdog = setInterval(() => {
      if (Date.now() - this.heardAt > silence) this.lose('OPC UA 服务器长时间无响应');
    }, PUBLISHING_MS * KEEP_ALIVE_COUNT);
  }

  /** Asks the server to send every retained condition again, between a refresh start and end event. */
  async refresh(): Promise<void> {
    if (!this.subscription) throw new Error('not subscribed');
    try {
      await this.ua.callConditionRefresh(this.session, this.subscription.subscriptionId);
    } catch (error) {
      // A server with no retained condition may answer BadNothingToDo.
      if (!/BadNothingToDo/.test((error as Error).message)) throw error;
    }
  }

  /** The browse name of an event type, read once per type. */
  async eventTypeName(nodeId: string): Promise<string> {
    const known = this.eventTypes.get(nodeId);
    if (known !== undefined) return known;
    const value = await this.session.read({ nodeId, attributeId: this.ua.AttributeIds.BrowseName });
    const name = (value.value?.value as { name?: string } | null)?.name ?? nodeId;
    this.eventTypes.set(nodeId, name);
    return name;
  }

  private decode(values: Variant[]): OpcuaNotice | undefined {
    const field = (name: (typeof FIELDS)[number]) => values[FIELDS.indexOf(name)];
    const eventType = field('EventType')?.value?.toString() ?? '';
    if (eventType === REFRESH_START_EVENT) return { kind: 'refreshStart' };
    if (eventType === REFRESH_END_EVENT) return { kind: 'refreshEnd' };
    const conditionId = field('ConditionId')?.value?.toString();
    // Not a condition (audit and system events), or an earlier state kept for acknowledgement (a branch).
    if (!conditionId || conditionId === NULL_NODE) return undefined;
    const branch = field('BranchId')?.value?.toString();
    if (branch && branch !== NULL_NODE) return undefined;
    const time = field('Time')?.value;
    const shelving = field('ShelvingState.CurrentState.Id')?.value?.toString();
    return {
      kind: 'event',
      event: {
        conditionId,
        time: time instanceof Date ? time.getTime() : Date.now(),
        sourceName: text(field('SourceName')),
        conditionName: text(field('ConditionName')),
        eventType,
        severity: Number(field('Severity')?.value ?? 0),
        message: text(field('Message')),
        active: flag(field('ActiveState.Id')),
        acked: flag(field('AckedState.Id')),
        shelved: shelving === undefined ? undefined : !UNSHELVED.has(shelving),
        suppressed: flag(field('SuppressedState.Id')),
        outOfService: flag(field('OutOfServiceState.Id')),
        value: this.endpoint.valueField ? processValue(values[FIELDS.length]) : undefined,
      },
    };
  }

  /**
   * The first `limit` conditions found from the Server object down its notifier and event-source references,
   * each with the object it belongs to (测试连接).
   */
  async browseConditions(limit: number): Promise<BrowsedCondition[]> {
    const { BrowseDirection } = this.ua;
    const found: BrowsedCondition[] = [];
    const seen = new Set<string>();
    let level = [{ nodeId: SERVER_OBJECT, name: 'Server' }];
    for (let depth = 0; depth < 5 && level.length && found.length < limit; depth++) {
      const next: typeof level = [];
      for (const node of level) {
        if (found.length >= limit) break;
        const [conditions, sources] = await this.session.browse([
          {
            nodeId: node.nodeId,
            referenceTypeId: 'HasCondition',
            browseDirection: BrowseDirection.Forward,
            includeSubtypes: true,
            resultMask: 63,
          },
          {
            nodeId: node.nodeId,
            referenceTypeId: 'HasEventSource',
            browseDirection: BrowseDirection.Forward,
            includeSubtypes: true,
            resultMask: 63,
          },
        ]);
        for (const reference of conditions.references ?? []) {
          if (found.length >= limit) break;
          found.push({
            source: node.name,
            condition: reference.displayName.text ?? reference.browseName.name ?? '',
            nodeId: reference.nodeId.toString(),
          });
        }
        for (const reference of sources.references ?? []) {
          const id = reference.nodeId.toString();
          if (seen.has(id)) continue;
          seen.add(id);
          next.push({ nodeId: id, name: reference.displayName.text ?? reference.browseName.name ?? id });
        }
      }
      level = next;
    }
    return found;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.item?.removeAllListeners();
    await this.subscription?.terminate().catch(() => undefined);
    await this.session.close().catch(() => undefined);
    await this.client.disconnect().catch(() => undefined);
  }
}
