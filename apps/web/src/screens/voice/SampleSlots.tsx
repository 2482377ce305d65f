import CheckIcon from 'lucide-react/icons/check';
import MicIcon from 'lucide-react/icons/mic';
import PlayIcon from 'lucide-react/icons/play';
import RotateCcwIcon from 'lucide-react/icons/rotate-ccw';
import SquareIcon from 'lucide-react/icons/square';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { errorText } from '../../data/errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { localeDigits } from '../../lib/digits.ts';
import { MicrophoneError } from '../../lib/voice/recorder.ts';
import { useRecorder } from '../../lib/voice/use-recorder.ts';
import { currentUserId, voice } from '../../lib/voice/voice-data.ts';
import { toast } from '../../ui/Toast.tsx';
import { LevelMeter } from './LevelMeter.tsx';

/** Samples a new command is recorded with. */
export const SAMPLES_PER_COMMAND = 3;

const ICON_BUTTON =
  'grid size-11 shrink-0 place-items-center rounded-full transition active:scale-95 disabled:opacity-50';

/**
 * Record a command's samples, one at a time: each is kept by the voice service (`uploadfile` with
 * mode `sample`) and can be played back from it (`stream`) or recorded again. `filenames` holds the
 * service's name of each recorded sample (null until recorded).
 */
export function SampleSlots({
  filenames,
  onChange,
}: {
  filenames: readonly (string | null)[];
  onChange(index: number, filename: string | null): void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [active, setActive] = useState<number | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const recorder = useRecorder(() => void finish());
  const audio = useRef<HTMLAudioElement | null>(null);
  const activeRef = useRef<number | null>(null);
  activeRef.current = active;

  useEffect(() => () => audio.current?.pause(), []);

  async function finish() {
    const index = activeRef.current;
    const wav = await recorder.stop();
    setActive(null);
    if (index === null || !wav) return;
    setUploading(index);
    try {
      const upload = await voice.upload(wav, await currentUserId(), 'sample');
      onChange(index, upload.filename);
    } catch (err) {
      toast.error(errorText(err, t));
    } finally {
      setUploading(null);
    }
  }

  async function press(index: number) {
    if (active === index) return finish();
    if (active !== null || uploading !== null) return;
    setActive(index);
    try {
      await recorder.start();
    } catch (err) {
      setActive(null);
      const problem = err instanceof MicrophoneError ? err.problem : 'unsupported';
      toast.error(t(`voice.mic.${problem}`), { duration: 8000 });
    }
  }

  async function play(index: number, filename: string) {
    audio.current?.pause();
    setPlaying(index);
    try {
      const url = URL.createObjectURL(await voice.stream(filename));
      const player = new Audio(url);
      audio.current = player;
      const done = () => {
        URL.revokeObjectURL(url);
        setPlaying((p) => (p === index ? null : p));
      };
      player.onended = done;
      player.onerror = done;
      await player.play();
    } catch (err) {
      setPlaying(null);
      toast.error(errorText(err, t));
    }
  }

  return (
    <ol className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
      {filenames.map((filename, index) => {
        const n = localeDigits(String(index + 1), language);
        const recording = active === index && recorder.state !== 'idle';
        const busy = uploading === index;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position.
          <li key={index} className="flex min-h-16 items-center gap-3 px-4 py-2.5" data-testid="voice-sample">
            <span
              className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-semibold ${
                filename ? 'bg-accent text-on-accent' : 'bg-surface-2 text-muted'
              }`}
              aria-hidden
            >
              {filename ? <CheckIcon size={18} /> : n}
            </span>
            <span
              className="min-w-0 flex-1 text-[15px]"
              data-testid="voice-sample-state"
              data-recorded={Boolean(filename)}
            >
              {recording ? (
                <LevelMeter level={recorder.level} testId="voice-sample-level" />
              ) : filename ? (
                t('voice.add.recorded', { n })
              ) : (
                <span className="text-muted">{t('voice.add.record', { n })}</span>
              )}
            </span>
            {busy ? <Spinner size={20} /> : null}
            {filename && !recording && !busy ? (
              <button
                type="button"
                className={`${ICON_BUTTON} text-accent-text hover:bg-accent-soft`}
                aria-label={t('voice.add.play', { n })}
                data-testid="voice-sample-play"
                disabled={playing === index}
                onClick={() => void play(index, filename)}
              >
                <PlayIcon size={20} />
              </button>
            ) : null}
            <button
              type="button"
              className={`${ICON_BUTTON} ${recording ? 'bg-danger text-on-danger' : 'bg-accent-soft text-accent-text'}`}
              aria-label={
                recording
                  ? t('voice.add.stop', { n })
                  : filename
                    ? t('voice.add.redo', { n })
                    : t('voice.add.record', { n })
              }
              data-testid="voice-sample-record"
              disabled={busy || (active !== null && active !== index) || uploading !== null}
              onClick={() => void press(index)}
            >
              {recording ? (
                <SquareIcon size={18} />
              ) : filename ? (
                <RotateCcwIcon size={18} />
              ) : (
                <MicIcon size={20} />
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
