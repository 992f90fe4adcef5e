import { create } from 'zustand';

interface ConfigState {
  values: Readonly<Record<string, string>>;
  loaded: boolean;
  load(pairs: ReadonlyArray<{ name: string; value: string }>): void;
}

/** `/common/config` name/value pairs (SPEC §4 Config, §10), loaded once by the startup gate. */
export const useConfigStore = create<ConfigState>((set) => ({
  values: {},
  loaded: false,
  load(pairs) {
    set({ values: Object.fromEntries(pairs.map((p) => [p.name, p.value])), loaded: true });
  },
}));

/** All config values by name. */
export const useConfig = () => useConfigStore((s) => s.values);

/** One config value; `fallback` when the server does not send it. */
export function useConfigValue(name: string, fallback = ''): string {
  return useConfigStore((s) => s.values[name] ?? fallback);
}

export function getConfigValue(name: string, fallback = ''): string {
  return useConfigStore.getState().values[name] ?? fallback;
}

/** Reads a boolean flag sent as 'true'/'false'. */
export function configFlag(
  values: Readonly<Record<string, string>>,
  name: string,
  fallback = false,
): boolean {
  const value = values[name];
  if (value === undefined) return fallback;
  return value === 'true' || value === '1';
}
