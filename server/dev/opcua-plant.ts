/**
 * A small OPC UA server with Alarms & Conditions, for `npm run demo:opcua` and the tests of 数据采集: a plant of a
 * few limit and off-normal alarms (tank levels high and low, pump trips…) that the console can be pointed at. Each
 * alarm can be raised, returned, acknowledged, shelved, suppressed and put out of service from code; `simulate`
 * changes them now and then, some chattering, some standing.
 */
import type { AddressSpace, Namespace, UAAlarmConditionEx, UAObject, UAVariable } from 'node-opcua-address-space';
import { nodesets } from 'node-opcua-nodesets';
import { OPCUAServer } from 'node-opcua-server';

export interface PlantAlarmSpec {
  /** The condition source's name: the journal's tag (SourceName). */
  source: string;
  /** The alarm's ConditionName: the journal's condition. */
  condition: string;
  /** 1–1000. */
  severity: number;
  message: string;
}

/** The demo plant: limit alarms on tanks and loops, trips on pumps — 30 conditions. */
export const DEMO_ALARMS: PlantAlarmSpec[] = [
  { source: 'LI-101', condition: 'PVHI', severity: 600, message: '原料罐液位高' },
  { source: 'LI-101', condition: 'PVLO', severity: 400, message: '原料罐液位低' },
  { source: 'LI-102', condition: 'PVHH', severity: 900, message: '产品罐液位高高' },
  { source: 'LI-102', condition: 'PVLL', severity: 850, message: '产品罐液位低低' },
  { source: 'TI-201', condition: 'PVHI', severity: 500, message: '反应器温度高' },
  { source: 'PI-301', condition: 'PVLO', severity: 200, message: '出口压力低' },
  { source: 'P-101A', condition: 'TRIP', severity: 800, message: '进料泵跳车' },
  { source: 'P-101B', condition: 'TRIP', severity: 800, message: '备用泵跳车' },
  { source: 'FI-401', condition: 'PVLO', severity: 150, message: '冷却水流量低' },
  { source: 'AI-501', condition: 'PVHI', severity: 700, message: '可燃气体浓度高' },
  ...Array.from({ length: 10 }, (_, i) => ({
    source: `TI-3${String(i + 1).padStart(2, '0')}`,
    condition: 'PVHI',
    severity: 300 + 50 * i,
    message: `换热器 ${i + 1} 出口温度高`,
  })),
  ...Array.from({ length: 10 }, (_, i) => ({
    source: `FI-6${String(i + 1).padStart(2, '0')}`,
    condition: 'PVLO',
    severity: 100 + 40 * i,
    message: `支路 ${i + 1} 流量低`,
  })),
];

export interface PlantUser {
  userName: string;
  password: string;
}

export interface OpcuaPlantOptions {
  /** 0: a free port. */
  port?: number;
  alarms?: PlantAlarmSpec[];
  /** When given, only this user may sign in (no anonymous sessions). */
  user?: PlantUser;
}

export interface PlantAlarm {
  spec: PlantAlarmSpec;
  node: UAAlarmConditionEx;
  /** The process value the alarm watches, sent with each event as `Value`. */
  value: UAVariable;
}

export class OpcuaPlant {
  readonly alarms: PlantAlarm[] = [];
  private timer: NodeJS.Timeout | undefined;

  private constructor(readonly server: OPCUAServer) {}

  /** The port listened on (chosen by the system when 0 was asked). */
  get port(): number {
    return this.server.endpoints[0].port;
  }

  get endpointUrl(): string {
    return `opc.tcp://127.0.0.1:${this.port}`;
  }

  static async start(options: OpcuaPlantOptions = {}): Promise<OpcuaPlant> {
    const { user } = options;
    const server = new OPCUAServer({
      port: options.port ?? 0,
      nodeset_filename: [nodesets.standard],
      allowAnonymous: !user,
      userManager: user
        ? { isValidUser: (name: string, password: string) => name === user.userName && password === user.password }
        : undefined,
      serverInfo: { applicationName: { text: '报警演示装置', locale: 'zh-CN' } },
      buildInfo: { productName: 'alarm-console-demo-plant' },
    });
    await server.initialize();
    const addressSpace = server.engine.addressSpace as AddressSpace;
    addressSpace.installAlarmsAndConditionsService();
    const plant = new OpcuaPlant(server);
    // The alarms exist before the first client can connect.
    plant.build(addressSpace, addressSpace.getOwnNamespace(), options.alarms ?? DEMO_ALARMS);
    await server.start();
    return plant;
  }

  private build(addressSpace: AddressSpace, namespace: Namespace, specs: PlantAlarmSpec[]): void {
    const objects = addressSpace.rootFolder.objects;
    const area = namespace.addObject({
      browseName: 'Plant',
      organizedBy: objects,
      notifierOf: objects.server,
    });
    const sources = new Map<string, UAObject>();
    for (const spec of specs) {
      let source = sources.get(spec.source);
      if (!source) {
        source = namespace.addObject({ browseName: spec.source, componentOf: area, eventSourceOf: area });
        sources.set(spec.source, source);
      }
      const value = namespace.addVariable({
        browseName: `${spec.condition}.PV`,
        componentOf: source,
        dataType: 'Double',
        value: { dataType: 'Double', value: 0 },
      });
      const node = namespace.instantiateAlarmCondition(
        'AlarmConditionType',
        {
          browseName: spec.condition,
          conditionName: spec.condition,
          componentOf: source,
          conditionSource: source,
          inputNode: value,
          optionals: ['ShelvingState', 'SuppressedState', 'OutOfServiceState', 'ConfirmedState', 'Confirm'],
          maxTimeShelved: 3_600_000,
        },
        { severity: { dataType: 'UInt16', value: spec.severity } },
      ) as UAAlarmConditionEx;
      // SourceName is the tag, without the namespace prefix of the source's browse name.
      node.sourceName.setValueFromSource({ dataType: 'String', value: spec.source });
      namespace.addVariable({
        browseName: 'Value',
        propertyOf: node,
        dataType: 'Double',
        minimumSamplingInterval: 100,
        value: { get: () => value.readValue().value },
      });
      this.alarms.push({ spec, node, value });
    }
  }

  /** The alarm of that source and condition. */
  alarm(source: string, condition: string): PlantAlarm {
    const found = this.alarms.find((alarm) => alarm.spec.source === source && alarm.spec.condition === condition);
    if (!found) throw new Error(`no alarm ${source}.${condition}`);
    return found;
  }

  /** Raises the alarm (ActiveState true, AckedState false) with the process value that crossed the limit. */
  raise(alarm: PlantAlarm, value: number): void {
    alarm.value.setValueFromSource({ dataType: 'Double', value });
    alarm.node.activateAlarm();
    alarm.node.raiseNewCondition({ message: alarm.spec.message, severity: alarm.spec.severity, retain: true });
  }

  /** Returns the alarm to normal; it stays retained until acknowledged. */
  clear(alarm: PlantAlarm, value: number): void {
    alarm.value.setValueFromSource({ dataType: 'Double', value });
    const retain = !alarm.node.currentBranch().getAckedState();
    alarm.node.deactivateAlarm(retain);
    alarm.node.raiseNewCondition({ message: `${alarm.spec.message}恢复`, severity: alarm.spec.severity, retain });
  }

  acknowledge(alarm: PlantAlarm): void {
    const branch = alarm.node.currentBranch();
    alarm.node.acknowledgeAndAutoConfirmBranch(branch, '操作员确认');
    // node-opcua's auto-confirmation clears Retain; an active alarm stays retained (Part 9), so refreshes report it.
    if (branch.getActiveState()) branch.setRetain(true);
  }

  /** Shelves (one-shot) or unshelves the alarm. */
  shelve(alarm: PlantAlarm, shelved: boolean): void {
    alarm.node.shelvingState?.setState(shelved ? 'OneShotShelved' : 'Unshelved');
    this.signal(alarm);
  }

  suppress(alarm: PlantAlarm, suppressed: boolean): void {
    alarm.node.currentBranch().setSuppressedState(suppressed);
    this.signal(alarm);
  }

  /** A condition event with the alarm's current state. */
  private signal(alarm: PlantAlarm): void {
    alarm.node.raiseConditionEvent(alarm.node.currentBranch(), true);
  }

  /**
   * Changes the plant now and then, every `everyMs`: most alarms come and go and are acknowledged, the pump
   * trips stand until acknowledged, FI-401 chatters; now and then one is shelved or suppressed for a while.
   */
  simulate(everyMs = 2_000, random: () => number = Math.random): void {
    const step = () => {
      for (const alarm of this.alarms) {
        const active = alarm.node.currentBranch().getActiveState();
        const acked = alarm.node.currentBranch().getAckedState();
        const chatters = alarm.spec.source === 'FI-401';
        const roll = random();
        if (!active && roll < (chatters ? 0.5 : 0.08)) this.raise(alarm, 100 * random());
        else if (active && alarm.spec.condition !== 'TRIP' && roll < (chatters ? 0.6 : 0.25)) this.clear(alarm, 50);
        else if (active && alarm.spec.condition === 'TRIP' && acked && roll < 0.2) this.clear(alarm, 0);
        if (!alarm.node.currentBranch().getAckedState() && random() < 0.3) this.acknowledge(alarm);
        if (random() < 0.01) this.shelve(alarm, alarm.node.shelvingState?.getCurrentState() === 'Unshelved');
        if (random() < 0.01) this.suppress(alarm, !alarm.node.currentBranch().getSuppressedState());
      }
    };
    this.timer = setInterval(step, everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.server.shutdown(0);
  }
}
