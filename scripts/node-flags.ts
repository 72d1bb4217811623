/**
 * The Node flags the production server runs with (ADR 0131). `npm start` passes them on its
 * command line (package.json; node-flags.test.ts keeps the two in step), and the bench starts its
 * servers with them, so that the bench measures the server as it is run.
 *
 * `--v8-pool-size=0`: V8's background threads (concurrent marking, sweeping, compilation) sized to
 * the machine, one fewer than its CPUs, instead of Node's fixed four. On two CPUs, four marking
 * threads beside the main thread and the other processes took the main thread's CPU during each
 * major GC, and requests queued behind it.
 */
export const PRODUCTION_NODE_FLAGS = ['--v8-pool-size=0'] as const
