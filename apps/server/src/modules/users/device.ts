import Bowser from 'bowser';

/** What a session list shows of the browser that opened a session (parsed by bowser). */
export interface DeviceView {
  /** e.g. "Safari 17 · iOS 17.4 · iPhone"; null when the User-Agent says nothing recognisable. */
  device: string | null;
  platform: 'mobile' | 'tablet' | 'desktop' | null;
}

const PLATFORMS = new Set(['mobile', 'tablet', 'desktop']);
const major = (version: string | undefined) => version?.split('.')[0] ?? '';

export function deviceOf(userAgent: string | null): DeviceView {
  if (!userAgent) return { device: null, platform: null };
  const parsed = Bowser.parse(userAgent);
  const parts = [
    [parsed.browser.name, major(parsed.browser.version)],
    // Windows reports its kernel version (NT 10.0); its release name (10) is what people know.
    [
      parsed.os.name,
      (parsed.os.name === 'Windows' ? parsed.os.versionName : undefined) ?? parsed.os.version ?? '',
    ],
    [parsed.platform.model ?? ''],
  ]
    .map((words) => words.filter(Boolean).join(' '))
    .filter((part) => part.length > 0);
  const platform = parsed.platform.type;
  return {
    device: parts.length > 0 ? parts.join(' · ') : null,
    platform: platform && PLATFORMS.has(platform) ? (platform as DeviceView['platform']) : null,
  };
}
