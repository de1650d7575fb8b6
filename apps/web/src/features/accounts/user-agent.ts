/** Browsers by what their user agent says, the more specific first (Edge and Opera also say Chrome). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:CriOS|Chrome|Chromium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]*.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];
/** What a row has room for when the agent is none of the above (an app, curl). */
const SHORT_MAX = 48;

/**
 * A session's device as an admin recognises it: "Chrome 126 · Android", "Safari 17 · iOS"; an
 * agent it cannot read, cut short. The names are products', the same in every language.
 */
export function describeUserAgent(userAgent: string): string {
  const agent = userAgent.trim();
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent));
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser) {
    const version = browser[0].exec(agent)?.[1];
    return [version ? `${browser[1]} ${version}` : browser[1], system].filter(Boolean).join(' · ');
  }
  if (system) return system;
  return agent.length > SHORT_MAX ? `${agent.slice(0, SHORT_MAX - 1)}…` : agent;
}
