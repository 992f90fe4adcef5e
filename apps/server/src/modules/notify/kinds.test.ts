import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NOTIFY_KINDS } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../messages/port';
import { NOTIFY_KIND_OF, notifyKindOf } from './kinds';

const SOURCE = path.resolve(import.meta.dirname, '../..');

/**
 * The file's text with string contents, comments and regular expressions blanked (same length,
 * so positions still point into the original), for brace matching that text cannot upset.
 */
function codeOnly(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  let lastCode = '';
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2) + 2;
      blank(i, end);
      i = end;
    } else if (c === "'" || c === '"' || c === '`' || (c === '/' && /[(,=:[!&|?{};]|^$/.test(lastCode))) {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
      lastCode = c;
    } else {
      if (!/\s/.test(c)) lastCode = c;
      i += 1;
    }
  }
  return out.join('');
}

/** The object literal whose braces enclose `index`, as [start, end] of its braces. */
function enclosingObject(code: string, index: number): [number, number] | null {
  let depth = 0;
  let start = -1;
  for (let i = index; i >= 0; i--) {
    if (code[i] === '}') depth += 1;
    if (code[i] === '{') {
      if (depth === 0) {
        start = i;
        break;
      }
      depth -= 1;
    }
  }
  if (start === -1) return null;
  // A block (a function body, a loop's) rather than an object literal: `userId` is no property.
  const before = code.slice(0, start).trimEnd();
  if (!/[(,=:[?|&]$|\breturn$/.test(before)) return null;
  depth = 0;
  for (let i = start; i < code.length; i++) {
    if (code[i] === '{') depth += 1;
    if (code[i] === '}') {
      depth -= 1;
      if (depth === 0) return [start, i];
    }
  }
  return null;
}

/** The object's own properties (not nested ones): each name with its value's text; spreads as `...`. */
function ownProperties(text: string, code: string, [start, end]: [number, number]): Map<string, string> {
  const properties = new Map<string, string>();
  let depth = 0;
  let from = start + 1;
  const take = (to: number) => {
    const part = code.slice(from, to).trim();
    if (part.startsWith('...')) properties.set('...', part);
    else {
      const match = /^([A-Za-z_$][\w$]*)\s*(:?)/.exec(part);
      if (match) {
        const offset = code.indexOf(match[0], from) + match[0].length;
        properties.set(match[1]!, match[2] ? text.slice(offset, to).trim() : match[1]!);
      }
    }
    from = to + 1;
  };
  for (let i = start + 1; i < end; i++) {
    const c = code[i];
    if (c === '{' || c === '(' || c === '[') depth += 1;
    else if (c === '}' || c === ')' || c === ']') depth -= 1;
    else if (c === ',' && depth === 0) take(i);
  }
  take(end);
  return properties;
}

/** Every message a module builds: objects with a user and a kind and a text, template or spread content. */
function sentKinds(): Array<{ where: string; kind: string }> {
  const found: Array<{ where: string; kind: string }> = [];
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
  );
  for (const file of files) {
    const text = readFileSync(path.join(SOURCE, file), 'utf8');
    const code = codeOnly(text);
    const seen = new Set<number>();
    for (const match of code.matchAll(/\buserId\b/g)) {
      const object = enclosingObject(code, match.index);
      if (!object || seen.has(object[0])) continue;
      seen.add(object[0]);
      const properties = ownProperties(text, code, object);
      const content = properties.has('template') || properties.has('title') || properties.has('...');
      // Ledger postings, holds and review submissions also name a user and a kind.
      const other = ['postings', 'memo', 'subjectId', 'account'].some((name) => properties.has(name));
      const kind = properties.get('kind');
      if (!properties.has('userId') || kind === undefined || !content || other) continue;
      const where = `${file}:${text.slice(0, object[0]).split('\n').length}`;
      const literal = /^'([^']*)'$|^"([^"]*)"$/.exec(kind);
      found.push({ where, kind: literal ? (literal[1] ?? literal[2]!) : `<not a literal: ${kind}>` });
    }
  }
  return found;
}

describe('which switch each message kind falls under (SPEC §13.3)', () => {
  it('decides every kind the messages module lists, and only those', () => {
    expect(Object.keys(NOTIFY_KIND_OF).sort()).toEqual([...MESSAGE_KINDS].sort());
    for (const decision of Object.values(NOTIFY_KIND_OF)) {
      if (decision !== null) expect(NOTIFY_KINDS).toContain(decision);
    }
  });

  it('decides every kind a module sends', () => {
    const sent = sentKinds();
    // The scan finds the senders known today, so it is looking in the right places.
    for (const kind of [
      'fill',
      'stop_out',
      'order_expired',
      'review_outcome',
      'lottery',
      'loan_overdue',
      'day_trade',
      'copy_ended',
      'security',
      'notice',
    ])
      expect(sent.map((s) => s.kind)).toContain(kind);
    const undecided = sent.filter((s) => !Object.hasOwn(NOTIFY_KIND_OF, s.kind));
    expect(undecided).toEqual([]);
  });

  it('gives every switch at least one kind, and leaves operator notices and security notes in the app', () => {
    const switched = new Set(Object.values(NOTIFY_KIND_OF));
    for (const kind of NOTIFY_KINDS) expect(switched).toContain(kind);
    expect(notifyKindOf('notice')).toBeNull();
    expect(notifyKindOf('security')).toBeNull();
    expect(notifyKindOf('fill')).toBe('fill');
    expect(notifyKindOf('review_outcome')).toBe('review');
    expect(notifyKindOf('a kind from elsewhere')).toBeNull();
    expect(notifyKindOf('toString')).toBeNull();
  });
});
