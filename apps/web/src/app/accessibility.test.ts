import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const css = readFileSync(path.join(SRC, 'app/styles.css'), 'utf8');

/** The custom properties of the first rule whose selector is `selector`. */
function variables(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

function rgb(colour: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const fn = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(colour);
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3]), Number(fn[4])];
  throw new Error(`not a colour: ${colour}`);
}

function over(top: string, bottom: string): [number, number, number] {
  const [r, g, b, a] = rgb(top);
  const [R, G, B] = rgb(bottom);
  return [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(text: string, background: [number, number, number]): number {
  const [r, g, b] = rgb(text);
  const fore = luminance([r, g, b]);
  const back = luminance(background);
  return (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
}

const THEMES = {
  light: variables(':root'),
  dark: { ...variables(':root'), ...variables('html[data-prefers-color-scheme="dark"]') },
};

describe('contrast of small text (WCAG AA, 4.5:1)', () => {
  for (const [theme, v] of Object.entries(THEMES)) {
    const get = (name: string) => {
      const value = v[name];
      if (!value) throw new Error(`${theme}: ${name} is not set`);
      return value;
    };
    for (const surface of ['--kb-surface', '--kb-bg', '--kb-surface-2']) {
      it(`${theme}: prices, muted text and the Simulated badge on ${surface}`, () => {
        const background = over(get(surface), get(surface));
        for (const text of ['--kb-red', '--kb-green', '--kb-muted', '--kb-sim-text'])
          expect(contrast(get(text), background), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      });
    }
    it(`${theme}: a flashing price stays readable on its own flash`, () => {
      for (const [text, flash] of [
        ['--kb-red', '--kb-red-soft'],
        ['--kb-green', '--kb-green-soft'],
      ] as const) {
        const background = over(get(flash), get('--kb-surface'));
        expect(contrast(get(text), background), `${text} on ${flash}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});

describe('dark mode', () => {
  it("draws antd-mobile's surfaces with the app's own, in both themes", () => {
    const block = variables(':root,\nhtml[data-prefers-color-scheme="dark"]');
    expect(block['--adm-color-background']).toBe('var(--kb-surface)');
    expect(block['--adm-color-background-body']).toBe('var(--kb-bg)');
    expect(block['--adm-color-box']).toBe('var(--kb-surface-2)');
    expect(block['--adm-color-border']).toBe('var(--kb-border)');
  });
});

describe('flashing prices', () => {
  it('draw their text in the colour of the flash, so red never sits on a green flash', () => {
    for (const direction of ['up', 'down']) {
      const rule = new RegExp(
        `\\.kb-flash-${direction}\\.kb-num,\\s*\\.kb-flash-${direction} \\.kb-num \\{\\s*color: var\\(--kb-${direction}\\);`,
      );
      expect(css, direction).toMatch(rule);
      // The tint fades on its own layer (::before), over which the text keeps its colour.
      expect(css).toMatch(
        new RegExp(`\\.kb-flash-${direction}::before \\{\\s*background: var\\(--kb-${direction}-soft\\);`),
      );
    }
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('keyboard order', () => {
  it('follows the document: no positive tabIndex anywhere', () => {
    const offenders = sources(SRC).filter((file) =>
      /tabIndex=\{?\s*['"]?[1-9]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
