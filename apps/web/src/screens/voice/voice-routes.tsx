import { lazy } from 'react';
import type { Stacked } from '../../routes/stacked.tsx';
import { stackedRoutes } from '../../routes/stacked.tsx';

const VoiceCommandsScreen = lazy(() => import('./VoiceCommandsScreen.tsx'));
const VoiceCommandAddScreen = lazy(() => import('./VoiceCommandAddScreen.tsx'));

/** Issue 23: the voice assistant's screens (paths in routes.ts, voicePaths). */
const STACKED: readonly Stacked[] = [
  ['voice-commands', <VoiceCommandsScreen key="s" />],
  ['voice-command-add', <VoiceCommandAddScreen key="s" />],
];

export function voiceRoutes() {
  return stackedRoutes(STACKED);
}
