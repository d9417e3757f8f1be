/**
 * `--help` or `-h` anywhere: the usage on stdout and exit 0, before anything touches a database or Redis.
 * A module of its own so that CLIs without a platform (schema, openapi) need not load one to print their usage.
 */
export function exitOnHelp(usage: string, args: string[] = process.argv.slice(2)): void {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
}
