import { useCallback, useEffect, useRef, useState } from 'react';
import { type Recording, startRecording } from './recorder.ts';

export type RecorderState = 'idle' | 'starting' | 'recording';

/**
 * One microphone recording at a time for a screen: `start()` (throws MicrophoneError when the
 * microphone cannot be used), `stop()` gives the WAV; the level (0…1) follows the voice while
 * recording. A recording still running when the screen goes is dropped. `onLimit` runs when the
 * recording reached its longest length (the caller then stops it).
 */
export function useRecorder(onLimit?: () => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const [level, setLevel] = useState(0);
  const recording = useRef<Recording | null>(null);
  const limitRef = useRef(onLimit);
  limitRef.current = onLimit;

  useEffect(
    () => () => {
      recording.current?.cancel();
      recording.current = null;
    },
    [],
  );

  const start = useCallback(async () => {
    if (recording.current) return;
    setState('starting');
    setLevel(0);
    try {
      recording.current = await startRecording(setLevel, () => limitRef.current?.());
      setState('recording');
    } catch (err) {
      setState('idle');
      throw err;
    }
  }, []);

  const stop = useCallback(async (): Promise<Blob | null> => {
    const current = recording.current;
    recording.current = null;
    setState('idle');
    setLevel(0);
    return current ? current.stop() : null;
  }, []);

  return { state, level, start, stop };
}
