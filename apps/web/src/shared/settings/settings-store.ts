import { create } from 'zustand';
import { COLOR_SCHEMES, type ColorScheme } from '../format/trend';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === 'string' && (COLOR_SCHEMES as readonly string[]).includes(value);
}

interface SettingsState {
  colorScheme: ColorScheme;
  setColorScheme(scheme: ColorScheme): void;
}

/** Display preferences kept on this device. */
export const useSettings = create<SettingsState>((set) => {
  const stored = readStorage(STORAGE_KEYS.colorScheme);
  return {
    colorScheme: isColorScheme(stored) ? stored : 'auto',
    setColorScheme(colorScheme) {
      writeStorage(STORAGE_KEYS.colorScheme, colorScheme);
      set({ colorScheme });
    },
  };
});
