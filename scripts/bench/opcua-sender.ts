/**
 * The OPC UA bench's plant server in a process of its own (scripts/bench/opcua.ts forks it), so that raising the
 * events and collecting them do not share one thread: the conditions the bench asks for (its argument), 10 of them
 * toggled every 10 ms while asked.
 * Messages from the bench: `start`, then `stop` (answered with the events sent), then it stops the server and exits.
 */
import { OpcuaPlant, type PlantAlarmSpec } from '../../server/dev/opcua-plant';

const STEP_MS = 10;
const PER_STEP = 10;

export type SenderReport = { kind: 'ready'; endpointUrl: string } | { kind: 'sent'; sent: number };

async function main(): Promise<void> {
  const alarms: PlantAlarmSpec[] = Array.from({ length: Number(process.argv[2]) }, (_, i) => ({
    source: `BENCH-${String(i).padStart(3, '0')}`,
    condition: 'PVHI',
    severity: 1 + ((i * 37) % 1000),
    message: '压测报警',
  }));
  const plant = await OpcuaPlant.start({ alarms });
  const report = (message: SenderReport) => process.send?.(message);
  let sent = 0;
  let next = 0;
  let toggle: NodeJS.Timeout | undefined;
  process.on('message', async (message: string) => {
    if (message === 'start') {
      toggle = setInterval(() => {
        for (let i = 0; i < PER_STEP; i++) {
          const alarm = plant.alarms[next];
          next = (next + 1) % plant.alarms.length;
          if (alarm.node.currentBranch().getActiveState()) plant.clear(alarm, 10);
          else plant.raise(alarm, 90);
          sent += 1;
        }
      }, STEP_MS);
    } else if (message === 'stop') {
      clearInterval(toggle);
      report({ kind: 'sent', sent });
      await plant.stop();
      process.exit(0);
    }
  });
  report({ kind: 'ready', endpointUrl: plant.endpointUrl });
}

void main();
