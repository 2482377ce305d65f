import type { UserRemote } from '@hestia/contract';
import { remotePressOf } from '@hestia/contract';
import { useQueries } from '@tanstack/react-query';
import { userRemotesQuery } from '../remote/data.ts';

export { pressText } from './press-text.ts';
export { remotePressOf };

/** The remotes of every IR blaster that the given actions press (one query per blaster, shared with the remote screens). */
export function usePressedRemotes(
  commands: readonly { deviceId: string; deviceParameterId: string; params?: unknown }[],
): UserRemote[] {
  const blasters = [...new Set(commands.filter((c) => remotePressOf(c)).map((c) => c.deviceId))];
  const results = useQueries({ queries: blasters.map((id) => userRemotesQuery(id)) });
  return results.flatMap((r) => r.data ?? []);
}
