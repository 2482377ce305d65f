import MicIcon from 'lucide-react/icons/mic';
import SquareIcon from 'lucide-react/icons/square';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { MicrophoneError } from '../../lib/voice/recorder.ts';
import { runSpokenCommand } from '../../lib/voice/spoken-command.ts';
import { useRecorder } from '../../lib/voice/use-recorder.ts';
import { voiceErrorText } from '../../lib/voice/voice-data.ts';
import { toast } from '../../ui/Toast.tsx';
import { LevelMeter } from './LevelMeter.tsx';

/**
 * The floating record button: a first press starts listening (the button turns red, a bar with the
 * level shows), a second press stops; the recording is recognised and its automation run, and the
 * outcome is a toast (spec: 'No sequence was found in the speech', 'No voice commands available').
 */
export default function FloatingVoiceButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const recorder = useRecorder(() => void finish());
  const listening = recorder.state === 'recording';

  async function finish() {
    const wav = await recorder.stop();
    if (!wav) return;
    setBusy(true);
    try {
      const result = await runSpokenCommand(wav);
      toast.success(t('voice.ran', { name: result.name }), { id: 'voice-result' });
    } catch (err) {
      toast.error(voiceErrorText(err, t), { id: 'voice-result' });
    } finally {
      setBusy(false);
    }
  }

  async function press() {
    if (busy || recorder.state === 'starting') return;
    if (listening) return finish();
    try {
      await recorder.start();
    } catch (err) {
      const problem = err instanceof MicrophoneError ? err.problem : 'unsupported';
      toast.error(t(`voice.mic.${problem}`), { id: 'voice-result', duration: 8000 });
    }
  }

  return (
    <div
      className="pointer-events-none fixed inset-x-4 z-30 flex items-center justify-end gap-3"
      style={{ bottom: 'calc(var(--hx-tabbar-h) + env(safe-area-inset-bottom) + 1rem)' }}
      data-testid="voice-fab"
      data-voice-fab
      data-state={busy ? 'recognising' : recorder.state}
    >
      {listening || busy ? (
        <output
          aria-live="polite"
          className="pointer-events-auto flex min-w-0 items-center gap-3 rounded-full bg-surface px-4 py-2.5 text-sm font-medium text-ink shadow-card ring-1 ring-line/60"
          data-testid="voice-status"
        >
          {listening ? (
            <>
              <LevelMeter level={recorder.level} testId="voice-level" />
              {t('voice.button.listening')}
            </>
          ) : (
            <>
              <Spinner size={16} />
              {t('voice.button.recognising')}
            </>
          )}
        </output>
      ) : null}
      <button
        type="button"
        onClick={() => void press()}
        disabled={busy}
        aria-label={listening ? t('voice.button.stop') : t('voice.button.start')}
        data-testid="voice-record"
        className={`pointer-events-auto relative grid size-14 shrink-0 place-items-center rounded-full shadow-[0_10px_24px_-10px_rgba(0,0,0,0.5)] transition active:scale-95 disabled:opacity-80 ${
          listening ? 'bg-danger text-on-danger' : 'bg-accent text-on-accent'
        }`}
      >
        {listening ? (
          <span aria-hidden className="absolute inset-0 animate-ping rounded-full bg-danger/40" />
        ) : null}
        {busy ? <Spinner size={22} /> : listening ? <SquareIcon size={22} /> : <MicIcon size={24} />}
      </button>
    </div>
  );
}
