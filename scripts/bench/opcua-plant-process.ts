/**
 * The OPC UA bench's plant (scripts/bench/opcua.ts starts it through scripts/bench/child.ts): the demo plant's
 * server (server/dev/opcua-plant.ts) with `conditions` limit alarms, in a process of its own so that producing the
 * events does not take the collector's thread. It reports its endpoint once listening; on `start` it toggles the
 * conditions one after another at `rate` events a second, paced by the time elapsed since the start (each tick
 * sends what is due by then, up to five ticks' worth, so a late timer does not lower the rate); on `stop` it stops
 * and answers how many it sent, over how long, the CPU time it took and its event loop's longest stall; `close`
 * shuts it down.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { OpcuaPlant, type PlantAlarmSpec } from '../../server/dev/opcua-plant';

export interface PlantProcessOptions {
  conditions: number;
  /** Condition events a second. */
  rate: number;
}
export type ToPlantProcess = 'start' | 'stop' | 'close';
export type FromPlantProcess =
  | { type: 'ready'; endpointUrl: string }
  | { type: 'started' }
  | { type: 'sent'; sent: number; seconds: number; cpuSeconds: number; maxStallMs: number };

/** How often the plant catches up with the rate. */
const TICK_MS = 10;
/**
 * Most events one tick raises, five ticks' worth: a plant behind (its process starved) catches up over a few ticks
 * instead of raising a second's events in one go, during which its server would publish nothing.
 */
const MOST_PER_TICK = 5;

const send = (message: FromPlantProcess) => process.send?.(message);
const options = JSON.parse(process.argv[2]) as PlantProcessOptions;
const alarms: PlantAlarmSpec[] = Array.from({ length: options.conditions }, (_, i) => ({
  source: `BENCH-${String(i).padStart(3, '0')}`,
  condition: 'PVHI',
  severity: 1 + ((i * 37) % 1000),
  message: '压测报警',
}));
const plant = await OpcuaPlant.start({ alarms });

let sent = 0;
let next = 0;
let startedAt = 0;
let cpuAtStart = process.cpuUsage();
/** The plant's event loop: a long stall is a moment its server publishes nothing. */
const stalls = monitorEventLoopDelay({ resolution: 10 });
let ticker: NodeJS.Timeout | undefined;

/** Raises the next condition, or returns it if raised. */
function toggle(): void {
  const alarm = plant.alarms[next];
  next = (next + 1) % plant.alarms.length;
  if (alarm.node.currentBranch().getActiveState()) plant.clear(alarm, 10);
  else plant.raise(alarm, 90);
  sent += 1;
}

process.on('message', async (message: ToPlantProcess) => {
  if (message === 'start') {
    startedAt = performance.now();
    cpuAtStart = process.cpuUsage();
    stalls.enable();
    ticker = setInterval(() => {
      const due = Math.floor(((performance.now() - startedAt) * options.rate) / 1000);
      const most = sent + Math.ceil((MOST_PER_TICK * TICK_MS * options.rate) / 1000);
      while (sent < Math.min(due, most)) toggle();
    }, TICK_MS);
    send({ type: 'started' });
  } else if (message === 'stop') {
    clearInterval(ticker);
    const { user, system } = process.cpuUsage(cpuAtStart);
    stalls.disable();
    send({
      type: 'sent',
      sent,
      seconds: (performance.now() - startedAt) / 1000,
      cpuSeconds: (user + system) / 1e6,
      maxStallMs: stalls.max / 1e6,
    });
  } else if (message === 'close') {
    await plant.stop();
    process.disconnect();
  }
});
send({ type: 'ready', endpointUrl: plant.endpointUrl });
