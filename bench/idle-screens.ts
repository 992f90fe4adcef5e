/**
 * What the investor app's screens cost the browser while nobody touches them (docs/benchmarks.md
 * "Screens at rest"): live prices keep arriving, and every change may draw frames.
 *
 *   npm run build && node --import tsx bench/idle-screens.ts
 *
 * Starts the server as the journeys do (e2e/server.ts: embedded database in a fresh directory,
 * simulated market, the built app) on a free port, registers an investor, and opens each screen
 * in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; headless, no GPU, the journeys'
 * flags) at 390×844, once with no motion preference and once asking for less motion. After
 * IDLE_SETTLE_MS (default 5,000) on the screen it reads the CPU time of every Chromium process
 * from /proc (Linux), waits IDLE_MS (default 20,000) and prints the CPU-seconds spent.
 * BENCH_URL measures a server that is already running instead.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, startServer } from '../e2e/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/chromium';
import { register } from './investor-session';

const SETTLE_MS = Number(process.env.IDLE_SETTLE_MS ?? 5_000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 20_000);
const SCREENS = [
  { name: 'home', hash: '/home/home' },
  { name: 'quotes', hash: '/home/index' },
  { name: 'stock detail', hash: '/quotes/info?code=7203' },
  { name: 'positions', hash: '/position/index' },
  { name: 'account', hash: '/mine/index' },
] as const;

/** CPU-seconds used so far by every process whose name is Chromium's. */
function chromiumCpuSeconds(): number {
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!/^(chromium|chrome)/.test(name)) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  return ticks / ticksPerSecond;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kabuto-idle-'));
  const server = process.env.BENCH_URL ? null : await startServer({ port: await freePort(), dataDir });
  const baseUrl = process.env.BENCH_URL ?? server!.url;
  const session = await register(baseUrl, 'idle');
  await fetch(`${baseUrl}/api/vue/user/acceptRisk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.token, account: session.account },
    body: JSON.stringify({ agree: 1 }),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
  console.log(`Chromium CPU-s over ${IDLE_MS / 1000} s on a screen left alone (390×844, headless, no GPU)`);
  console.log('| Screen | no preference | less motion |');
  console.log('|---|---:|---:|');
  try {
    for (const screen of SCREENS) {
      const figures: string[] = [];
      for (const reducedMotion of ['no-preference', 'reduce'] as const) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion });
        await context.addInitScript((s) => {
          localStorage.setItem('language', 'jp');
          localStorage.setItem('stock', 'jpy');
          localStorage.setItem('token', s.token);
          localStorage.setItem('account', s.account);
        }, session);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/#${screen.hash}`);
        await page.waitForTimeout(SETTLE_MS);
        const before = chromiumCpuSeconds();
        await page.waitForTimeout(IDLE_MS);
        figures.push((chromiumCpuSeconds() - before).toFixed(2));
        await context.close();
      }
      console.log(`| ${screen.name} | ${figures.join(' | ')} |`);
    }
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
