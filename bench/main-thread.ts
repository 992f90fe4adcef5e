/**
 * The investor app's main-thread work on a signed-in page while live prices arrive
 * (docs/benchmarks.md "Investor app: delivery").
 *
 *   BENCH_URL=http://127.0.0.1:3000 node --import tsx bench/main-thread.ts [/home/home]
 *
 * Against a running server (`npm start`, or bench/lighthouse.ts's settings): registers an
 * investor, opens the page in Chromium (CHROMIUM_PATH, default /usr/bin/chromium) at 390×844 with
 * the CPU slowed down 4× as Lighthouse's mobile profile does, records a Chromium trace for
 * BENCH_MS (default 12,000) ms from the navigation, and prints the main thread's busy time split
 * into module evaluation, style, layout and paint, and its tasks over 50 ms. Less sensitive to other work on
 * the machine than Lighthouse's Total Blocking Time, which scales what it observes.
 */
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { register, signIn } from './investor-session';

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const PAGE = process.argv[2] ?? '/home/home';
const MS = Number(process.env.BENCH_MS ?? 12_000);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

const session = await register(BASE, 'mt');

const file = path.join(os.tmpdir(), `kabuto-main-thread-${process.pid}.json`);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--headless=new'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  await signIn(page, BASE, session);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // A new document, so the app starts with the session.
  await page.goto('about:blank');
  await page.tracing.start({
    path: file,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  });
  await page.goto(`${BASE}/#${PAGE}`);
  await new Promise((resolve) => setTimeout(resolve, MS));
  await page.tracing.stop();
} finally {
  await browser.close();
}

const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
rmSync(file, { force: true });
const events = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur);
// The renderer's main thread: the one with the most task time.
const perThread = new Map<string, number>();
for (const e of events)
  if (e.name === 'RunTask')
    perThread.set(`${e.pid}:${e.tid}`, (perThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur!);
const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
const ms = new Map<string, number>();
const long: number[] = [];
for (const e of events) {
  if (`${e.pid}:${e.tid}` !== main) continue;
  ms.set(e.name, (ms.get(e.name) ?? 0) + e.dur! / 1000);
  if (e.name === 'RunTask' && e.dur! > 50_000) long.push(e.dur! / 1000);
}
const of = (...names: string[]) => names.reduce((sum, n) => sum + (ms.get(n) ?? 0), 0).toFixed(0);
console.log(
  `${PAGE}, ${MS} ms from the navigation, CPU 4× slower, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `main thread busy ${of('RunTask')} ms, of which module evaluation ${of('v8.evaluateModule')} ms,` +
    ` style ${of('UpdateLayoutTree')} ms, layout ${of('Layout')} ms, paint ${of('Paint')} ms (the rest is mostly script)`,
);
console.log(
  `tasks over 50 ms: ${long.length}, their time over 50 ms ${long.reduce((sum, d) => sum + d - 50, 0).toFixed(0)} ms`,
);
