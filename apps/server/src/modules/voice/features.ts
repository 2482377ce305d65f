import {
  AMBIGUITY_RATIO,
  FEATURES,
  MATCH_THRESHOLD,
  speechOf,
  VOICE_MIN_SPEECH_MS,
  VOICE_SAMPLE_RATE,
  type VoiceAudio,
  type VoiceFeatureParams,
} from '@hestia/contract';
import { AppError } from '../../core/errors.ts';

// The features and distances are the contract's (voice-match.ts), the same an offline app uses.
export { AMBIGUITY_RATIO, dtwDistance, FEATURES, MATCH_THRESHOLD, mfcc } from '@hestia/contract';

/** How features are computed and matched, for the data set's manifest. */
export const featureParams: VoiceFeatureParams = {
  sampleRate: VOICE_SAMPLE_RATE,
  frameMs: FEATURES.frameMs,
  hopMs: FEATURES.hopMs,
  fftSize: FEATURES.fftSize,
  melBands: FEATURES.melBands,
  coefficients: FEATURES.coefficients,
  threshold: MATCH_THRESHOLD,
  ambiguityRatio: AMBIGUITY_RATIO,
};

/** The speech of a recording, silence around it cut; a 400 saying why when there is none. */
export function trimSilence(audio: VoiceAudio): VoiceAudio {
  const speech = speechOf(audio);
  if (speech === 'silent') throw new AppError('VALIDATION', 'The recording has no sound.');
  if (speech === 'short')
    throw new AppError('VALIDATION', `The recording has less than ${VOICE_MIN_SPEECH_MS} ms of sound.`);
  return speech;
}
