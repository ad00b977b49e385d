/**
 * `npm run token -- <username>`: prints a fresh sign-in token and link for that user. With the embedded
 * database the server must be stopped first (it holds the data directory's lock).
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { createTokensRepository } from '../repositories/tokens';
import { createUsersRepository } from '../repositories/users';
import { signInLink } from '../sign-in';

async function main(): Promise<number> {
  const username = process.argv[2];
  if (!username) {
    process.stderr.write('用法 / usage: npm run token -- <username>\n');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const user = await createUsersRepository(database.db).findByUsername(username);
    if (!user) {
      process.stderr.write(`用户 ${username} 不存在 / no such user\n`);
      return 1;
    }
    if (user.disabled) {
      process.stderr.write(`用户 ${username} 已停用 / the user is disabled\n`);
      return 1;
    }
    const { token, expiresAt } = await createTokensRepository(database.db).issue(user.id, config.tokenTtlHours);
    process.stdout.write(`${token}\n${signInLink(config, token)}\n有效期至 / expires ${expiresAt.toISOString()}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
