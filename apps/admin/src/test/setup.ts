/**
 * Back-office component tests (jsdom + Testing Library): the texts in English (the browser APIs
 * jsdom lacks are test/jsdom.ts).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../shared/i18n';

beforeAll(() => {
  localStorage.setItem('language', 'us');
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
