import { z } from 'zod';
import { defineAdminCall, zAdminPage, zIso, zPageQuery } from './define';

/** The audit log (SPEC §0.6): searchable and exportable, never edited. */
export const zAuditFilters = z.object({
  q: z.string().trim().max(100).optional(),
  action: z.string().trim().max(64).optional(),
  operator: z.string().trim().max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const zAuditEntry = z.object({
  id: z.number().int(),
  operator: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  details: z.unknown(),
  createdAt: zIso,
});
export type AuditEntryView = z.infer<typeof zAuditEntry>;

export const search = defineAdminCall({
  method: 'GET',
  path: '/api/admin/audit',
  need: 'admin',
  summary: 'Search the audit log ?q=&action=&operator=&from=&to=&page=',
  query: () => zPageQuery.extend(zAuditFilters.shape),
  response: () => zAdminPage(zAuditEntry),
});

/** Answers the CSV file itself. */
export const csv = defineAdminCall({
  method: 'GET',
  path: '/api/admin/audit.csv',
  need: 'admin',
  summary: 'The audit log as CSV (same filters), at most 10,000 rows, newest first',
  query: () => zAuditFilters,
});
