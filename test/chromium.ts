/**
 * Debian's Chromium as the journeys and the benchmarks drive it: headless, no sandbox (root in a
 * container), no GPU, and nothing of its own on the network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Its flags after `--headless` (Lighthouse's launcher asks for `--headless=new`). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
