import type { RemotePress, UserRemote } from '@hestia/contract';
import { remotePressOf } from '@hestia/contract';
import { useQueries } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { userRemotesQuery } from '../remote/data.ts';
import { buttonLabel } from '../remote/press.ts';

export { remotePressOf };

const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * An IR remote press in words (decision 049), as the action list and the run history show it:
 * "Living-room TV: Power", or for an air conditioner "Bedroom AC: On, Cool, 24 °C, fan Auto".
 */
export function pressText(press: RemotePress, remotes: readonly UserRemote[], t: TFunction): string {
  const remote = remotes.find((r) => r.id === press.remoteId);
  const name = remote?.name ?? t('automation.remote.unknown');
  const s = press.state;
  const what = press.button
    ? buttonLabel(press.button, t, i18n)
    : s
      ? s.power
        ? t('automation.remote.stateOn', {
            mode: t(`remote.ac.modes.${s.mode}` as 'remote.ac.modes.cool'),
            temperature: formatNumber(s.temperature, i18n.language, 0),
            fan: t(`remote.ac.fans.${s.fan}` as 'remote.ac.fans.auto'),
          })
        : t('remote.ac.off')
      : '';
  return t('automation.remote.pressText', { remote: isolate(name), button: isolate(what) });
}

/** The remotes of every IR blaster that the given actions press (one query per blaster, shared with the remote screens). */
export function usePressedRemotes(
  commands: readonly { deviceId: string; deviceParameterId: string; params?: unknown }[],
): UserRemote[] {
  const blasters = [...new Set(commands.filter((c) => remotePressOf(c)).map((c) => c.deviceId))];
  const results = useQueries({ queries: blasters.map((id) => userRemotesQuery(id)) });
  return results.flatMap((r) => r.data ?? []);
}
