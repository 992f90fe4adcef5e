// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { linkManifest } from './manifest-link';

describe('the manifest link', () => {
  it('links the manifest in the reader’s language, once, however often it is set', () => {
    linkManifest('us');
    linkManifest('cn');
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('./manifest.cn.webmanifest');
  });
});
