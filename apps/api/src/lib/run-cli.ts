import { ConfigError } from '../config';
import { DataDirLockedError } from '../db/client';

/**
 * Runs a command-line tool's main function and exits with its code. Errors a person can act on (bad
 * configuration, data directory in use) print their own French message; others print after `failure`.
 */
export function runCli(main: () => Promise<number>, failure: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
      else console.error(failure, error);
      process.exit(1);
    },
  );
}
