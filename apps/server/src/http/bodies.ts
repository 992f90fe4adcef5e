import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../config';

/** Answered as `bad_request` naming `body` by the app's error handler. */
function malformed(what: string): Error {
  return Object.assign(new Error(`malformed ${what}`), { statusCode: 400 });
}

/** Most fields one form may carry (CONVENTIONS §11). */
const FORM_FIELDS_MAX = 200;

const decodeComponent = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed percent-encoding, or one that decodes to bytes that are not UTF-8.
    throw malformed('percent-encoding');
  }
};

/**
 * A form-encoded body, read strictly: percent-encodings must be well formed and decode to UTF-8,
 * and the body's own bytes must be UTF-8 (the decoder marks invalid bytes with U+FFFD). A
 * repeated name gives an array, which no field of the contract accepts.
 */
export function parseForm(text: string): Record<string, string | string[]> {
  if (text.includes('\uFFFD')) throw malformed('form body');
  const fields: Record<string, string | string[]> = Object.create(null);
  const pairs = text.split('&').filter((pair) => pair.length > 0);
  if (pairs.length > FORM_FIELDS_MAX) throw malformed('form body');
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const name = decodeComponent(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decodeComponent(pair.slice(at + 1));
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

/**
 * JSON bodies are read as bytes and refused unless they are UTF-8, so text never reaches a
 * handler with invalid sequences silently replaced; the rest is Fastify's own parser, which
 * refuses `__proto__` and `constructor.prototype` keys.
 */
export function strictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: LIMITS.bodyBytes },
    (req, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) {
        done(malformed('JSON body: not UTF-8'), undefined);
        return;
      }
      parseJson(req, bytes.toString('utf8'), done);
    },
  );
}
