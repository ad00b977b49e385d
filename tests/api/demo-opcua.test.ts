/**
 * `npm run demo:opcua` (README, "Demo OPC UA server"): the command starts the demo plant on OPCUA_PORT, whose
 * conditions a client browses and whose alarms change by themselves.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  OpcuaConnection as Connection,
  type OpcuaConnection,
} from '../../server/use-cases/collection/opcua-connection';
import { SLOW } from './helpers';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('npm run demo:opcua', { timeout: SLOW }, () => {
  let child: ChildProcess | undefined;
  let connection: OpcuaConnection | undefined;
  afterAll(async () => {
    await connection?.close();
    // npm, tsx and the server: the whole process group started here (the demo keeps nothing to save).
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  });

  it('serves the demo plant, its alarms changing', async () => {
    const port = await freePort();
    child = spawn('npm', ['run', 'demo:opcua'], {
      env: { ...process.env, OPCUA_PORT: String(port), OPCUA_DEMO_STEP_MS: '100' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain(`opc.tcp://127.0.0.1:${port}`);
    expect(output).toContain('30 个报警条件');
    connection = await Connection.open({
      endpointUrl: `opc.tcp://127.0.0.1:${port}`,
      securityMode: 'None',
      securityPolicy: 'None',
      userName: '',
      valueField: '',
    });
    expect((await connection.browseConditions(50)).length).toBe(30);
    const seen: string[] = [];
    await connection.subscribe((notices) => {
      for (const notice of notices) if (notice.kind === 'event') seen.push(notice.event.sourceName);
    });
    await expect.poll(() => seen.length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(3);
  });
});
