import { describe, expect, it } from 'vitest';
import { voiceBaseUrl } from './voice-url.ts';

describe('voice service base', () => {
  it('is /voice on the API origin unless the build names another', () => {
    expect(voiceBaseUrl(undefined, 'http://hub.local:8080')).toBe('http://hub.local:8080/voice');
    expect(voiceBaseUrl('  ', 'http://hub.local:8080')).toBe('http://hub.local:8080/voice');
    expect(voiceBaseUrl('https://voice.example.com/api/', 'http://hub.local')).toBe(
      'https://voice.example.com/api',
    );
    expect(voiceBaseUrl('/assistant', 'http://hub.local')).toBe('http://hub.local/assistant');
  });
});
