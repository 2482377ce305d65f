import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const LANGUAGES = ['en', 'fa', 'ar', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Light and dark follow the system unless the user picks one (spec section 1). */
export type Appearance = 'system' | 'light' | 'dark';

/** Background themes (spec section 1); `cyan` is the default colour, #1FBCD2. */
export const THEME_COLORS = ['cyan', 'red', 'lemon', 'green', 'purple'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const THEME_HEX: Record<ThemeColor, string> = {
  cyan: '#1FBCD2',
  red: '#D9393F', // white text on it reaches 4.5:1 (styles.css --hx-accent)
  lemon: '#E8B90C',
  green: '#2DA44E',
  purple: '#7C5CDB',
};

/** Spec section 9: the default colour of the bottom tab bar. */
export const DEFAULT_TAB_BAR_COLOR = '#1FBCD2';

export interface InfoLog {
  message: string;
  time: number;
}

export interface AppSettingState {
  selectedLanguage: Language;
  hasSeenLanguageSelectionScreen: boolean;
  /** Wi-Fi passwords remembered by SSID. */
  passwords: Record<string, { ssid: string; password: string }>;
  /** Server time minus local time in ms, kept only when it exceeds 60 s. */
  timeOffset: number;
  bottomTabBarBackgroundColor: string;
  isDayTime: boolean;
  jobTitle: string | null;
  isBusy: boolean;
  currentVibrationLevel: number;
  hasSeenOrderPage: boolean;
  isGlobalButtonVisible: boolean;
  exactLocation: { lng: number; lat: number } | null;
  infoLogs: InfoLog[];
  clientId: string;
  /** SHA-256 of `clientId`, base64url: what the server sees (x-client-id). */
  hashedClientId: string;
  appearance: Appearance;
  themeColor: ThemeColor;
  setThemeColor(color: ThemeColor): void;
  setSelectedLanguage(language: Language): void;
  setAppearance(appearance: Appearance): void;
  addInfoLog(message: string): void;
  /** Back to defaults, keeping the language and client id (status 1015 resets every store). */
  reset(): void;
}

function newClientId(): string {
  // randomUUID exists only in secure contexts; a LAN address over plain http is not one.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const defaults = {
  selectedLanguage: DEFAULT_LANGUAGE,
  hasSeenLanguageSelectionScreen: false,
  passwords: {},
  timeOffset: 0,
  bottomTabBarBackgroundColor: DEFAULT_TAB_BAR_COLOR,
  isDayTime: true,
  jobTitle: null,
  isBusy: false,
  currentVibrationLevel: 0,
  hasSeenOrderPage: false,
  isGlobalButtonVisible: false,
  exactLocation: null,
  infoLogs: [],
  appearance: 'system',
  themeColor: 'cyan',
} satisfies Partial<AppSettingState>;

export const useAppSettingStore = create<AppSettingState>()(
  persist(
    (set, get) => ({
      ...defaults,
      clientId: newClientId(),
      hashedClientId: '',
      setThemeColor: (themeColor) => set({ themeColor, bottomTabBarBackgroundColor: THEME_HEX[themeColor] }),
      setSelectedLanguage: (selectedLanguage) => set({ selectedLanguage }),
      setAppearance: (appearance) => set({ appearance }),
      addInfoLog: (message) => {
        // Entries are de-duplicated by message (spec section 3).
        if (get().infoLogs.some((l) => l.message === message)) return;
        set({ infoLogs: [...get().infoLogs, { message, time: Date.now() }] });
      },
      reset: () => set({ ...defaults, selectedLanguage: get().selectedLanguage }),
    }),
    {
      name: 'app-setting-store',
      version: 1,
      partialize: ({ isBusy: _busy, ...rest }) => rest,
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<AppSettingState>;
        return {
          ...current,
          ...saved,
          selectedLanguage: isLanguage(saved.selectedLanguage) ? saved.selectedLanguage : DEFAULT_LANGUAGE,
          clientId: saved.clientId || current.clientId,
          themeColor: (THEME_COLORS as readonly string[]).includes(saved.themeColor ?? '')
            ? (saved.themeColor as ThemeColor)
            : 'cyan',
        };
      },
    },
  ),
);
