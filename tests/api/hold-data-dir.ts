/** Takes the lock of the data directory named on the command line and keeps it until killed, as a server does. */
import { lockDataDir } from '../../server/db/lock';

// The lock's refresh timer does not keep a process alive; a server's listening socket does.
setInterval(() => undefined, 60_000);
lockDataDir(process.argv[2]).then(() => process.stdout.write('locked\n'));
