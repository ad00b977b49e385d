/**
 * 测试连接 of an OPC UA source (docs/api.md, "Data collection"): connects with the source's settings, browses for
 * the first conditions from the Server object, and answers them — or, in Chinese, why it could not.
 */
import type { SourceTest } from '../../../contract/sources';
import type { StoredOpcuaSettings } from '../../domain/collection/opcua';
import type { SecretBox } from '../../domain/collection/secret';
import { endpointOf } from './opcua-collector';
import { connectionProblem, OpcuaConnection } from './opcua-connection';

/** Conditions shown by 测试连接. */
export const BROWSED_CONDITIONS = 20;

export async function testOpcuaSource(
  settings: StoredOpcuaSettings,
  secrets: SecretBox | undefined,
): Promise<SourceTest> {
  let connection: OpcuaConnection | undefined;
  try {
    connection = await OpcuaConnection.open(endpointOf(settings, secrets));
    const conditions = await connection.browseConditions(BROWSED_CONDITIONS);
    return {
      ok: true,
      message: conditions.length
        ? `连接成功，找到报警条件 ${conditions.length} 个${conditions.length >= BROWSED_CONDITIONS ? '（仅列出前若干个）' : ''}`
        : '连接成功，但未在服务器对象下找到报警条件（服务器仍可能发送报警事件）',
      files: [],
      conditions,
    };
  } catch (error) {
    return { ok: false, message: connectionProblem(error), files: [], conditions: [] };
  } finally {
    await connection?.close();
  }
}
