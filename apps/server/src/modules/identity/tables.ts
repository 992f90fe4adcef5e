import type { Generated, Selectable } from 'kysely';

export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  id_number: string;
  front_file_id: number;
  back_file_id: number;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string | null;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  created_at: Date;
}

export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  holder: string;
  /** Digits only; answers show it masked. */
  card_number: string;
  card_type: string;
  institution: string;
  branch: string;
  branch_code: string;
  created_at: Date;
  /** Unbound cards stay for the withdrawals that went to them. */
  deleted_at: Date | null;
}

declare module '../../db/schema' {
  interface Tables {
    kyc_submissions: KycSubmissionsTable;
    bank_cards: BankCardsTable;
  }
}

export type KycSubmission = Selectable<KycSubmissionsTable>;
export type BankCard = Selectable<BankCardsTable>;
