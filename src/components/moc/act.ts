import { message } from 'antd';

/**
 * Runs a row action and reports success; a refusal was already shown by the request client (with the
 * server's reason), so it only answers false.
 */
export async function act(work: () => Promise<unknown>, done: string, after?: () => void): Promise<boolean> {
  try {
    await work();
    message.success(done);
    after?.();
    return true;
  } catch {
    return false;
  }
}
