import { parseFlags, required, runCommand, UsageError } from './cli-support.kit';

const USAGE = `usage: npm run keys -- <command>
  rotate              new tokens are signed with a new key; tokens of older keys stay valid
  retire --kid K      tokens signed with key K stop being accepted
  reencrypt           encrypt every private key under KEY_ENCRYPTION_KEY (opening those under KEY_ENCRYPTION_KEY_PREVIOUS)
  list                every key with its state
  --help, -h          this text`;

const [command, ...args] = process.argv.slice(2);
let flags: Record<string, string> = {};

void runCommand(
  USAGE,
  async (platform) => {
    if (command === 'rotate') {
      const { kid, previousKid } = await platform.keys.rotate();
      return { action: 'key-rotated', kid, previousKid };
    }
    if (command === 'retire') {
      const { kid, retiredAt, signingKid } = await platform.keys.retire(flags.kid);
      return { action: 'key-retired', kid, retiredAt, signingKid };
    }
    if (command === 'reencrypt') {
      const { kekId, reencrypted } = await platform.keys.reencrypt();
      return { action: 'keys-reencrypted', kekId, reencrypted };
    }
    return { action: 'keys-listed', keys: await platform.keys.listKeys() };
  },
  () => {
    if (command === 'rotate' || command === 'list' || command === 'reencrypt') flags = parseFlags(args, []);
    else if (command === 'retire') required((flags = parseFlags(args, ['kid'])), 'kid');
    else throw new UsageError(command ? `unknown command "${command}"` : 'a command is required');
  },
);
