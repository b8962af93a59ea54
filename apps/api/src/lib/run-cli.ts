import { ConfigError } from '../config';
import { DataDirLockedError } from '../db/client';

/** An error a person can act on: a command-line tool prints its French message alone. */
export class CliError extends Error {}

/**
 * Runs a command-line tool's main function and exits with its code. Errors a person can act on (bad
 * configuration, data directory in use, a `CliError`) print their own French message; others print after
 * `failure`.
 */
export function runCli(main: () => Promise<number>, failure: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof CliError)
        console.error(error.message);
      else console.error(failure, error);
      process.exit(1);
    },
  );
}
