import { describe, expect, it } from 'vitest';
import { idNumberProblem, nameProblem, normalizeIdNumber, sameName } from './kyc';

describe('identity fields', () => {
  it('requires a name and an ID number', () => {
    expect(nameProblem('  ')).toBe('required');
    expect(idNumberProblem('')).toBe('required');
    expect(nameProblem('山田 太郎')).toBeNull();
  });

  it('takes letters, digits and hyphens in the ID number, spaces ignored', () => {
    expect(idNumberProblem('AB 1234 5678')).toBeNull();
    expect(idNumberProblem('1101-0119-9001')).toBeNull();
    expect(idNumberProblem('12/34')).toBe('invalid');
    expect(idNumberProblem('123')).toBe('invalid');
    expect(normalizeIdNumber('ＡＢ１２ ３４')).toBe('AB1234');
  });

  it('matches a holder name with the verified one regardless of width, case and spaces', () => {
    expect(sameName('山田　太郎', '山田太郎')).toBe(true);
    expect(sameName('TARO yamada', 'Taro Yamada')).toBe(true);
    expect(sameName('Taro', 'Jiro')).toBe(false);
  });
});
