/**
 * `npm run demo:opcua`: the demo plant's OPC UA server (server/dev/opcua-plant.ts) with its alarms changing every
 * few seconds, to point an OPC UA source of 数据采集 at. `OPCUA_PORT` (default 4840) is the port; anonymous
 * sign-in, security None. Stops on Ctrl+C.
 */
import { OpcuaPlant } from '../dev/opcua-plant';

const port = Number(process.env.OPCUA_PORT ?? 4840);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`OPCUA_PORT 必须是 0–65535 之间的整数（当前为 "${process.env.OPCUA_PORT}"）`);
  process.exit(1);
}
const everyMs = Number(process.env.OPCUA_DEMO_STEP_MS ?? 2000);

async function main(): Promise<void> {
  const plant = await OpcuaPlant.start({ port });
  plant.simulate(everyMs);
  console.log(
    `演示 OPC UA 服务器已启动：${plant.endpointUrl}（${plant.alarms.length} 个报警条件，每 ${everyMs} ms 变化一次）`,
  );
  console.log(
    '在「基础配置 → 数据采集」中新建 OPC UA 数据源，端点地址填上面的地址，安全模式 None，匿名登录；按 Ctrl+C 停止。',
  );

  const stop = async () => {
    await plant.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
