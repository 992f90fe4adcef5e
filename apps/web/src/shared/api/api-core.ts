import type { CallDef, Market, RequestOf, ResponseOf } from '@kabuto/contract';
import { createRequestCounter } from './request-counter';
import { noteServerTime, SERVER_TIME_HEADER } from './server-clock';

/** Path prefix of every investor call (SPEC §8). */
export const API_BASE = '/api/vue';
/** Requests that hang longer than this fail as network errors (CONVENTIONS §11). */
export const REQUEST_TIMEOUT_MS = 20_000;
/** Multipart uploads carry images up to 5 MB (SPEC §6.6) and get more time. */
export const UPLOAD_TIMEOUT_MS = 120_000;
/** Key the client uses when an answer does not match the contract. */
export const BAD_RESPONSE_KEY = 'error';

/** A refused or failed call: `key` is a server key (SPEC §7) or a client-side one. */
export class ApiError extends Error {
  readonly key: string;
  readonly field: string | undefined;
  readonly httpStatus: number | undefined;
  /** Extra fields a refusal carried in `data` (e.g. `reason`, `until`). */
  readonly details: Record<string, unknown>;

  constructor(
    key: string,
    options: { field?: string; httpStatus?: number; details?: Record<string, unknown> } = {},
  ) {
    super(key);
    this.name = 'ApiError';
    this.key = key;
    this.field = options.field;
    this.httpStatus = options.httpStatus;
    this.details = options.details ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface CallOptions {
  /** Count the call in the loading indicator (default true). Background polling passes false. */
  loading?: boolean;
  /**
   * `true`: do not toast a refusal (the caller shows it, e.g. under a form field); network and
   * contract failures still toast. `'all'`: toast nothing (background polling, startup gate).
   */
  silent?: boolean | 'all';
  /** Reuse a key when retrying the same submit; otherwise idempotent calls get a fresh one. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ApiEnvironment {
  fetch: typeof fetch;
  baseUrl: string;
  session(): { token: string | null; account: string | null };
  market(): Market;
  /** The reader's language: server-written texts (messages, news) come back in it. */
  language?(): string;
  newIdempotencyKey(): string;
  showLoading(): void;
  hideLoading(): void;
  /** Shows a refusal or failure for `toastMs` (SPEC §10: 2000 ms). */
  showError(key: string): void;
  /** HTTP 401 (SPEC §3): clear the session and leave for the login page. */
  onUnauthorized(): void;
  /** `/user/getUserinfo` refused (SPEC §3): log the user out. */
  onUserinfoRefused(): void;
  /**
   * `step_up_required` (SPEC §13.1): asks the reader for a fresh proof; true once made, and the
   * refused call is sent again (with the same Idempotency-Key: the server refused it before
   * claiming the key). Without it the refusal is shown as any other.
   */
  stepUp?(): Promise<boolean>;
  timeoutMs?: number;
  uploadTimeoutMs?: number;
}

type Body = Record<string, unknown>;
type Sent = { kind: 'json'; body: Body } | { kind: 'multipart'; body: FormData };

const USERINFO_PATH = '/user/getUserinfo';
/** The refusal a call gets when it needs a fresh second-factor proof (SPEC §13.1). */
export const STEP_UP_KEY = 'step_up_required';
/** The calls that make the proof: their own refusals never open the step-up again. */
const STEP_UP_PATHS = new Set(['/user/stepUp', '/user/stepUpOptions']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function timeoutSignal(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * The investor API client (SPEC §2 shared pieces, §3, §8): typed by the contract, sends the
 * session headers and the selected market, drives one loading indicator through a request
 * counter and turns every failure into an ApiError with a key the UI can translate.
 */
export function createApiClient(env: ApiEnvironment) {
  const counter = createRequestCounter({ onBusy: env.showLoading, onIdle: env.hideLoading });

  async function send<C extends CallDef>(call: C, sent: Sent, options: CallOptions): Promise<ResponseOf<C>> {
    const { token, account } = env.session();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.token = token;
    if (account) headers.account = account;
    const language = env.language?.();
    if (language) headers.language = language;
    const idempotencyKey = call.idempotent ? (options.idempotencyKey ?? env.newIdempotencyKey()) : undefined;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (sent.kind === 'json') headers['Content-Type'] = 'application/json';

    const loading = options.loading !== false;
    const fail = (error: ApiError, refusal: boolean): never => {
      const quiet = options.silent === 'all' || (refusal && options.silent === true);
      if (!quiet) env.showError(error.key);
      throw error;
    };

    if (loading) counter.start();
    let finished = false;
    // The indicator must clear before an error toast shows, or the toast would replace it and
    // then be cleared with it.
    const finish = () => {
      if (loading && !finished) counter.finish();
      finished = true;
    };
    const timeout = timeoutSignal(
      sent.kind === 'multipart'
        ? (env.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS)
        : (env.timeoutMs ?? REQUEST_TIMEOUT_MS),
      options.signal,
    );
    try {
      let response: Response;
      const sentAt = Date.now();
      try {
        response = await env.fetch(`${env.baseUrl}${call.path}`, {
          method: 'POST',
          headers,
          body: sent.kind === 'json' ? JSON.stringify(sent.body) : sent.body,
          signal: timeout.signal,
        });
      } catch (error) {
        finish();
        if (options.signal?.aborted && !timeout.timedOut())
          throw new ApiError('aborted', { details: { cause: error } });
        return fail(new ApiError('network_error'), false);
      }

      noteServerTime(response.headers?.get(SERVER_TIME_HEADER) ?? null, sentAt, Date.now());
      if (response.status === 401) {
        finish();
        env.onUnauthorized();
        throw new ApiError('session_expired', { httpStatus: 401 });
      }
      // SPEC §3: 503 and 404 only dismiss the loading indicator.
      if (response.status === 503 || response.status === 404) {
        finish();
        throw new ApiError(response.status === 404 ? 'not_found' : 'unavailable', {
          httpStatus: response.status,
        });
      }

      let envelope: unknown;
      try {
        envelope = await response.json();
      } catch {
        finish();
        return fail(
          new ApiError(response.ok ? BAD_RESPONSE_KEY : 'network_error', { httpStatus: response.status }),
          false,
        );
      }
      finish();

      if (!isRecord(envelope) || (envelope.status !== 1 && envelope.status !== 0)) {
        return fail(
          new ApiError(response.ok ? BAD_RESPONSE_KEY : 'network_error', { httpStatus: response.status }),
          false,
        );
      }
      if (envelope.status === 0) {
        const data = isRecord(envelope.data) ? envelope.data : {};
        const field = typeof data.field === 'string' ? data.field : undefined;
        const key = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : BAD_RESPONSE_KEY;
        const error = new ApiError(key, { field, httpStatus: response.status, details: data });
        if (key === STEP_UP_KEY && env.stepUp && !STEP_UP_PATHS.has(call.path)) {
          // The reader closing the sheet is their answer: nothing to toast.
          if (!(await env.stepUp())) throw error;
          return send(call, sent, { ...options, ...(idempotencyKey ? { idempotencyKey } : {}) });
        }
        if (call.path === USERINFO_PATH) env.onUserinfoRefused();
        return fail(error, true);
      }

      const parsed = call.response.safeParse(envelope.data);
      if (!parsed.success) {
        // The server and this build disagree on the contract: say so loudly in the console.
        console.error(`Answer of ${call.path} does not match the contract`, parsed.error.issues);
        return fail(new ApiError(BAD_RESPONSE_KEY, { httpStatus: response.status }), false);
      }
      // The schema is C's own response schema, so its output is ResponseOf<C>; TypeScript cannot
      // follow that through the generic.
      return parsed.data as ResponseOf<C>;
    } finally {
      timeout.dispose();
      finish();
    }
  }

  return {
    /** POST a JSON body; `type` (the selected market) is added unless the body names one. */
    call<C extends CallDef>(call: C, body: RequestOf<C>, options: CallOptions = {}): Promise<ResponseOf<C>> {
      const payload: Body = { type: env.market(), ...(isRecord(body) ? body : {}) };
      return send(call, { kind: 'json', body: payload }, options);
    },

    /** multipart/form-data for uploads (SPEC §8: /user/verify, /user/deposit). */
    upload<C extends CallDef>(
      call: C,
      fields: Record<string, string | Blob | number | boolean | undefined>,
      options: CallOptions = {},
    ): Promise<ResponseOf<C>> {
      const form = new FormData();
      form.append('type', String(fields.type ?? env.market()));
      for (const [name, value] of Object.entries(fields)) {
        if (name === 'type' || value === undefined) continue;
        if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
        else form.append(name, String(value));
      }
      return send(call, { kind: 'multipart', body: form }, options);
    },

    get inFlight() {
      return counter.inFlight;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
