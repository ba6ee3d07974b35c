/**
 * A short, human description of a user agent for the sessions list ('Firefox on Windows').
 * Deliberately small: the well-known browsers and systems by their tokens, in the order that
 * tells them apart (Edge and Opera also claim to be Chrome; Chrome also claims to be Safari).
 */
export interface DeviceSummary {
  device: string;
  mobile: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return { device: 'Unknown device', mobile: false };
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const mobile = /\bMobi|\biPhone\b|\biPad\b|\biPod\b|\bAndroid\b/.test(ua);
  const device =
    browser && system
      ? `${browser} on ${system}`
      : (browser ?? (system ? `Unknown browser on ${system}` : 'Unknown device'));
  return { device, mobile };
}
