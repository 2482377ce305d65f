import { type RefObject, useEffect, useState } from 'react';
import { type CameraProblem, cameraProblemOf, qrReader } from './qr-reader.ts';

/** `readerFailed`: the camera is on but no QR reader could be loaded. */
export type CameraState = 'starting' | 'on' | CameraProblem | 'readerFailed';

/** How often a frame is read: a QR code held up is found within a few frames, and a phone stays cool. */
const FRAME_MS = 250;

/**
 * While `active`, the back camera in `video`, each frame read for a QR code; the first code's text goes
 * to `onCode`, once. `attempt` restarts it (after a refusal or a code that was not ours).
 */
export function useCameraScan(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  attempt: number,
  onCode: (text: string) => void,
): CameraState {
  const [state, setState] = useState<CameraState>('starting');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the camera on purpose; onCode is read once per code.
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState('starting');
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setState('noCamera');
      return;
    }
    const scan = async () => {
      const el = video.current;
      if (stopped || !el) return;
      if (el.readyState >= el.HAVE_CURRENT_DATA) {
        const reader = await qrReader().catch(() => null);
        if (stopped) return;
        if (!reader) return setState('readerFailed');
        const [text] = await reader.read(el).catch(() => []);
        if (stopped) return;
        if (text !== undefined) return onCode(text);
      }
      timer = setTimeout(() => void scan(), FRAME_MS);
    };
    media
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        const el = video.current;
        if (stopped || !el) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        el.srcObject = s;
        await el.play().catch(() => undefined);
        setState('on');
        void scan();
      })
      .catch((err: unknown) => {
        if (!stopped) setState(cameraProblemOf(err));
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
  }, [active, attempt]);

  return state;
}
