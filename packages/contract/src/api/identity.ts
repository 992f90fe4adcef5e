import { z } from 'zod';
import { KYC_STATES } from '../enums';
import { zFlag, zId, zTime } from '../envelope';
import { text } from '../fields';
import { defineCall } from './define';

/** A file part of a multipart call, as the server hands it to the handler. */
export interface UploadPart {
  kind: 'file';
  field: string;
  filename: string;
  mimetype: string;
  data: Uint8Array;
}

const isUploadPart = (value: unknown): value is UploadPart =>
  typeof value === 'object' &&
  value !== null &&
  (value as { kind?: unknown }).kind === 'file' &&
  (value as { data?: unknown }).data instanceof Uint8Array;

/**
 * An uploaded image (SPEC §6.6: JPEG/PNG/WebP, ≤ 5 MB, checked by content on the server).
 * Anything that is not a file part reads as absent, so the call answers `file_invalid` rather
 * than a generic bad request.
 */
export const zUpload = z
  .custom<UploadPart>(isUploadPart)
  .optional()
  .catch(undefined)
  .meta({ description: 'image file: JPEG, PNG or WebP, at most 5 MB', type: 'string', format: 'binary' });

/** Text a form may leave empty: the call answers its own key (id_required, amount_required) instead of bad_request. */
const zText = (max: number) => text({ max }).optional().default('');

export const zKycView = z.lazy(() =>
  z.object({
    state: z.enum(KYC_STATES),
    /** The verified name, or the name under review. */
    name: z.string().nullable(),
    /** Masked: only the last four characters show. */
    idNumber: z.string().nullable(),
    /** Why the last submission failed (SPEC §0.6: the user sees the reason of every review). */
    reason: z.string().nullable(),
    submittedAt: zTime.nullable(),
    reviewedAt: zTime.nullable(),
    /** Ids for /user/file (owner only). */
    frontFileId: z.number().nullable(),
    backFileId: z.number().nullable(),
  }),
);

export const verifyCall = defineCall({
  path: '/user/verify',
  summary:
    'Submit real-name verification: name, ID number, front and back images, privacy notice (SPEC §6.6)',
  auth: true,
  multipart: true,
  request: () =>
    z.object({
      name: zText(100),
      id_number: zText(40),
      front: zUpload,
      back: zUpload,
      agree: zFlag,
    }),
  response: () => zKycView,
});

export const verifyInfoCall = defineCall({
  path: '/user/verifyInfo',
  summary: 'Real-name state: unverified, pending (under review), verified or failed with the reason',
  auth: true,
  request: () => z.object({}),
  response: () => zKycView,
});

export const fileCall = defineCall({
  path: '/user/file',
  summary: 'One of the user’s own uploaded images (ID images, deposit receipts) as a data URL',
  auth: true,
  request: () => z.object({ id: zId }),
  response: () => z.object({ id: z.number(), mime: z.string(), dataUrl: z.string() }),
});

export const zBankCard = z.lazy(() =>
  z.object({
    id: z.number(),
    holder: z.string(),
    /** Masked after save (SPEC §4): **** **** **** 1234. */
    cardNumber: z.string(),
    cardType: z.string(),
    institution: z.string(),
    branch: z.string(),
    branchCode: z.string(),
    createdAt: zTime,
  }),
);

export const bankListCall = defineCall({
  path: '/user/bankList',
  summary: 'The user’s bank cards, numbers masked',
  auth: true,
  request: () => z.object({}),
  response: () => z.array(zBankCard),
});

export const bankAddCall = defineCall({
  path: '/user/bankAdd',
  summary:
    'Bind a bank card: holder must equal the verified name; a card already bound is refused (card_exists)',
  auth: true,
  idempotent: true,
  request: () =>
    z.object({
      holder: text({ min: 1, max: 100 }),
      card_number: text({ max: 60, pattern: /^(?:[0-9][\s-]*){6,30}$/, patternHint: '6 to 30 digits' })
        .transform((v) => v.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{6,30}$/, '6 to 30 digits')),
      card_type: text({ min: 1, max: 40 }),
      institution: text({ min: 1, max: 100 }),
      branch: text({ min: 1, max: 100 }),
      branch_code: text({ min: 1, max: 20 }),
    }),
  response: () => zBankCard,
});

export const bankDeleteCall = defineCall({
  path: '/user/bankDelete',
  summary: 'Unbind one of the user’s bank cards',
  auth: true,
  request: () => z.object({ id: zId }),
  response: () => z.null(),
});

export const identityCalls = {
  verifyCall,
  verifyInfoCall,
  fileCall,
  bankListCall,
  bankAddCall,
  bankDeleteCall,
};
