/**
 * Lighthouse mobile scores of the investor app (docs/benchmarks.md "Delivery").
 *
 *   npm run build && node --import tsx bench/lighthouse.ts
 *
 * Starts the server as `npm start` does (embedded database in a fresh directory, simulated
 * market, the built app with its pre-compressed files) on a free port, registers an investor
 * for the signed-in pages, and runs Lighthouse (the npm package, 12.x: the newest line that
 * runs on Node 20) with Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) on
 * /login/logon, /home/home and /quotes/info: the default mobile profile (Moto G Power screen,
 * simulated slow 4G and 4× CPU slowdown). Each page is measured LIGHTHOUSE_RUNS times (default 3)
 * and the median run by performance score is printed: performance and accessibility scores,
 * FCP, LCP, TBT, CLS, Speed Index. BENCH_URL measures a server that is already running instead;
 * LIGHTHOUSE_PAGES=home,stock measures only those pages; LIGHTHOUSE_JSON_DIR keeps every report
 * and the trace it was computed from.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/chromium';
import { freePort } from '../test/free-port';
import { register, signIn } from './investor-session';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_PAGES=home,stock keeps only the pages whose names start with one of these. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const PAGES = [
  { name: 'logon', hash: '/login/logon', signedIn: false },
  { name: 'home', hash: '/home/home', signedIn: true },
  { name: 'stock detail', hash: '/quotes/info?code=7203', signedIn: true },
] as const;

async function startServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kabuto-lighthouse-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'lighthouse-admin',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

async function main() {
  const server = process.env.BENCH_URL ? null : await startServer();
  const baseUrl = process.env.BENCH_URL ?? server?.baseUrl ?? '';
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const session = await register(baseUrl, 'lh');
    // The session lives in local storage: put it there once, and keep it across runs.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await signIn(page, baseUrl, session);
    await page.close();
    await browser.disconnect();

    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, median of ${RUNS}`,
    );
    console.log(
      'page          perf  a11y   FCP ms   LCP ms  TBT ms    CLS    SI ms   (every run: perf / TBT ms)',
    );
    for (const target of PAGES.filter((p) => !ONLY || ONLY.some((o) => p.name.startsWith(o)))) {
      const runs: Figures[] = [];
      // A run whose trace Lighthouse could not read (for example NO_NAVSTART) has no figures:
      // it is said and run again, at most RUNS times over.
      for (let i = 0, attempts = 0; i < RUNS && attempts < 2 * RUNS; attempts++) {
        const result = await lighthouse(`${baseUrl}/#${target.hash}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
          // LIGHTHOUSE_CPU_PROFILE=1 samples the JavaScript into the kept trace (diagnosis only:
          // sampling slows the page, so its scores are not the benchmark's).
          ...(process.env.LIGHTHOUSE_CPU_PROFILE
            ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
            : {}),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no report for ${target.hash}`);
        if (lhr.runtimeError) {
          console.log(`   ${target.name}: run failed (${lhr.runtimeError.code}), run again`);
          continue;
        }
        // LIGHTHOUSE_JSON_DIR keeps every run's whole report (long tasks, bootup time, audits).
        if (process.env.LIGHTHOUSE_JSON_DIR) {
          const base = path.join(
            process.env.LIGHTHOUSE_JSON_DIR,
            `${target.name.replace(/\W+/g, '-')}-${i + 1}`,
          );
          writeFileSync(`${base}.json`, JSON.stringify(lhr));
          // The trace Lighthouse simulated from: every main-thread task as observed, unthrottled.
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          if (trace) writeFileSync(`${base}.trace.json`, JSON.stringify(trace));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          si: audit('speed-index'),
        });
        i += 1;
        if (process.env.LIGHTHOUSE_VERBOSE) {
          for (const a of Object.values(lhr.audits))
            if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
              console.log(`   ${target.name}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
        }
      }
      runs.sort((a, b) => a.performance - b.performance);
      const m = runs[Math.floor(runs.length / 2)] as Figures;
      console.log(
        `${target.name.padEnd(12)} ${String(m.performance).padStart(5)} ${String(m.accessibility).padStart(5)} ${m.fcp.toFixed(0).padStart(8)} ${m.lcp.toFixed(0).padStart(8)} ${m.tbt.toFixed(0).padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${m.si.toFixed(0).padStart(8)}   (${runs.map((r) => `${r.performance}/${r.tbt.toFixed(0)}`).join(' ')})`,
      );
    }
  } finally {
    chrome.kill();
    await server?.stop();
  }
}

await main();
