import type { UserRemote } from '@hestia/contract';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutOf, type Nav } from './button-layout.ts';
import { type PressStatus, useButtonLabel, useRemotePress } from './press.ts';
import { Emitter, KEY, KEY_ICONS, Key, RockerKey } from './RemoteKeys.tsx';

const BODY =
  'mx-auto w-full max-w-[300px] rounded-[48px] bg-gradient-to-b from-[#2b2e35] to-[#17191d] px-6 pt-4 pb-8 shadow-[0_24px_48px_-20px_rgba(0,0,0,0.6)] ring-1 ring-line';

/** The navigation ring: four arrows around OK, as the remote's thumb pad. */
function NavRing({
  nav,
  labelOf,
  onPress,
  status,
}: {
  nav: Nav;
  labelOf(name: string): string;
  onPress(name: string): void;
  status: PressStatus;
}) {
  const arrow = (name: string | undefined, place: string) => {
    if (!name) return null;
    const Icon = KEY_ICONS[name];
    return (
      <button
        type="button"
        aria-label={labelOf(name)}
        title={labelOf(name)}
        data-testid={`remote-key-${name}`}
        data-pressed={status.button === name && status.state === 'sending'}
        onClick={() => onPress(name)}
        className={`${KEY} absolute size-12 rounded-full bg-transparent shadow-none ${place}`}
      >
        {Icon ? <Icon size={26} aria-hidden="true" /> : null}
      </button>
    );
  };
  return (
    <div className="relative mx-auto size-48 rounded-full bg-[#30333a] shadow-[inset_0_2px_6px_rgba(0,0,0,0.5)] ring-1 ring-black/40">
      {arrow(nav.up, 'inset-x-0 top-1.5 mx-auto')}
      {arrow(nav.down, 'inset-x-0 bottom-1.5 mx-auto')}
      {arrow(nav.left, 'inset-y-0 left-1.5 my-auto')}
      {arrow(nav.right, 'inset-y-0 right-1.5 my-auto')}
      {nav.ok ? (
        <Key
          name={nav.ok}
          label={labelOf(nav.ok)}
          onPress={onPress}
          status={status}
          text
          className="absolute inset-0 m-auto size-20 rounded-full bg-[#454952]"
        />
      ) : null}
    </div>
  );
}

/** What the remote last did, for a screen reader and under the remote for everyone. */
export function PressLine({
  status,
  labelOf,
  lineRef,
}: {
  status: PressStatus;
  labelOf(name: string): string;
  lineRef: RefObject<HTMLParagraphElement | null>;
}) {
  const { t } = useTranslation();
  const name = status.button === 'state' ? t('remote.ac.title') : labelOf(status.button);
  const text =
    status.state === 'sending'
      ? t('remote.press.sending', { name })
      : status.state === 'sent'
        ? t('remote.press.sent', { name })
        : status.state === 'error'
          ? status.message
          : status.button
            ? t('remote.press.sent', { name })
            : '';
  return (
    <p
      ref={lineRef}
      role="status"
      data-testid="remote-status"
      data-state={status.state}
      className={`mt-4 min-h-6 text-center text-sm ${status.state === 'error' ? 'text-danger' : 'text-muted'}`}
    >
      {text}
    </p>
  );
}

/**
 * A button remote drawn like the real one from its buttons (issue 23): power at the top, the number
 * pad, volume and channel rockers, the navigation ring with OK and menu/back around it, media keys,
 * and any other key (a learned one by its own name) below. Each key sends at once.
 */
export function RemoteFace({ remote }: { remote: UserRemote }) {
  const labelOf = useButtonLabel();
  const { press, status, lineRef } = useRemotePress(remote);
  const onPress = (button: string) => press({ button });
  const l = layoutOf(remote.data.buttons.map((b) => b.name));
  const key = (name: string, className: string, small = false) => (
    <Key
      key={name}
      name={name}
      label={labelOf(name)}
      onPress={onPress}
      status={status}
      className={className}
      small={small}
    />
  );
  const round = 'size-14 rounded-full';
  return (
    <div>
      <section dir="ltr" aria-label={remote.name} data-testid="remote-face" className={BODY}>
        <Emitter status={status} />
        {l.power.length || l.top.length ? (
          <div className="mb-6 flex items-center justify-between gap-2">
            <div className="flex gap-2.5">{l.top.map((n) => key(n, 'size-12 rounded-full', true))}</div>
            <div className="flex gap-2.5">{l.power.map((n) => key(n, round))}</div>
          </div>
        ) : null}
        {l.digits ? (
          <div className="mb-6 grid grid-cols-3 gap-x-4 gap-y-3 px-1" data-testid="remote-digits">
            {l.digits.map((n, i) =>
              n ? key(n, 'h-12 rounded-2xl') : <span key={`gap-${String(i)}`} aria-hidden="true" />,
            )}
          </div>
        ) : null}
        {l.rockers.length ? (
          <div className="mb-6 flex flex-wrap items-center justify-between gap-y-4 px-1">
            {l.rockers.map((r) => (
              <RockerKey key={r.kind} rocker={r} labelOf={labelOf} onPress={onPress} status={status} />
            ))}
          </div>
        ) : null}
        {l.nav ? (
          <div className="mb-4">
            <NavRing nav={l.nav} labelOf={labelOf} onPress={onPress} status={status} />
          </div>
        ) : null}
        {l.navKeys.length ? (
          <div className="mb-6 flex justify-between gap-2 px-2">
            {l.navKeys.map((n) => key(n, 'size-12 rounded-full', true))}
          </div>
        ) : null}
        {l.media.length ? (
          <div className="mb-6 grid grid-cols-4 gap-2.5">
            {l.media.map((n) => key(n, 'h-11 rounded-xl', true))}
          </div>
        ) : null}
        {l.extras.length ? (
          <div className="grid grid-cols-2 gap-2.5" data-testid="remote-extras">
            {l.extras.map((n) => (
              <Key
                key={n}
                name={n}
                label={labelOf(n)}
                onPress={onPress}
                status={status}
                text
                small
                className="h-11 rounded-xl"
              />
            ))}
          </div>
        ) : null}
        {remote.data.buttons.length === 0 ? <EmptyFace /> : null}
      </section>
      <PressLine status={status} labelOf={labelOf} lineRef={lineRef} />
    </div>
  );
}

function EmptyFace() {
  const { t } = useTranslation();
  return <p className="py-10 text-center text-sm text-zinc-300">{t('remote.face.noButtons')}</p>;
}
