import type { RemotePress, UserRemote } from '@hestia/contract';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format.ts';
import { buttonLabel } from '../remote/button-label.ts';

const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * An IR remote press in words (decision 049), as the action list and the run history show it:
 * "Living-room TV: Power", or for an air conditioner "Bedroom AC: On, Cool, 24 °C, fan Auto".
 */
export function pressText(
  press: RemotePress,
  remotes: readonly Pick<UserRemote, 'id' | 'name'>[],
  t: TFunction,
  i18n: { exists(key: string): boolean; language: string },
): string {
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
