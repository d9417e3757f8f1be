import type { ChildProcess } from 'node:child_process';

/**
 * Sends `question` to a child over its IPC channel and resolves with the first message `pick` accepts
 * (undefined: not the answer); rejects with `timeoutError()` when none comes within `timeoutMs`.
 */
export function askChild<A>(
  child: ChildProcess,
  question: string,
  pick: (message: unknown) => A | undefined,
  timeoutMs: number,
  timeoutError: () => Error,
): Promise<A> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(timeoutError());
    }, timeoutMs);
    const onMessage = (message: unknown): void => {
      const answer = pick(message);
      if (answer === undefined) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer);
    };
    child.on('message', onMessage);
    child.send(question);
  });
}
