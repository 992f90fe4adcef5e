/**
 * What the first screen costs to download (docs/benchmarks.md "Delivery").
 *
 *   npm run build && node --import tsx bench/initial-load.ts [module source…]
 *
 * Reads the built app (apps/web/dist): everything index.html loads or preloads, plus the static
 * imports of the first screen's lazily loaded modules (default: the /login/start page, the
 * /login/logon page it sends a visitor to, their texts and the server keys' texts), from Vite's
 * manifest. Prints each file with its gzip size (level 9, as the build stores it) and the totals
 * of JavaScript and CSS (1 KB = 1000 B); exits 1 when the JavaScript is over the budget
 * (BUDGET_BYTES, default 172,000).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/** /login/start sends a visitor on to /login/logon: both pages and their texts load before it shows. */
export const FIRST_SCREENS = [
  'src/features/auth/pages/start-page.tsx',
  'src/features/auth/pages/logon-page.tsx',
  // Texts in the reader's language (Japanese by default): the shared pieces' (loaded with the
  // config), the auth screens' and the server keys', which every screen waits for.
  'src/shared/i18n/common/jp.ts',
  'src/features/auth/i18n/jp.ts',
  'src/shared/i18n/server-keys/jp.ts',
];
/**
 * Budget in bytes of gzip: 172 KB (1 KB = 1000 B, as in docs/benchmarks.md); 170 KB until the
 * offline notice, live notices and the service worker's registration joined every screen.
 */
export const BUDGET_BYTES = Number(process.env.BUDGET_BYTES ?? 172_000);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface LoadedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The files the page loads before its first screen can render: entry, preloads, styles, page chunk. */
export function initialFiles(dist: string, screens: readonly string[]): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map(
      (m) => m[1] ?? '',
    ),
  );
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? [])
      if (!files.has(manifest[imported]?.file ?? '')) visit(imported);
  };
  for (const screen of screens) visit(screen);
  return [...files].filter(Boolean);
}

export function measure(dist: string, screens: readonly string[]): LoadedFile[] {
  return initialFiles(dist, screens).map((file) => {
    const content = readFileSync(path.join(dist, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const screens = process.argv.length > 2 ? process.argv.slice(2) : FIRST_SCREENS;
  const files = measure(DIST, screens).sort((a, b) => b.gzipBytes - a.gzipBytes);
  for (const f of files)
    console.log(`${kb(f.gzipBytes).padStart(7)} KB gzip  ${kb(f.bytes).padStart(7)} KB  ${f.file}`);
  const sum = (ext: string) => files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.gzipBytes, 0);
  const js = sum('.js');
  console.log(
    `initial JS for ${screens.join(' + ')}: ${kb(js)} KB gzip = ${js.toLocaleString('en-US')} B (budget ${BUDGET_BYTES.toLocaleString('en-US')} B); CSS: ${kb(sum('.css'))} KB gzip`,
  );
  if (js > BUDGET_BYTES) process.exitCode = 1;
}
