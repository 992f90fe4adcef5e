/**
 * The browser APIs jsdom lacks that the apps' UI libraries use, for every component test
 * (the investor app's and the back office's).
 */
import { configure } from '@testing-library/react';
import { mediaQueryList } from './media-query';

// `findBy…` and `waitFor` wait up to 5 s alone, and as long as a test may take when `npm test`
// runs the component tests at idle CPU priority beside every other suite (KABUTO_TEST_TIMEOUT_MS):
// there a form's validation can wait many seconds for a core.
configure({ asyncUtilTimeout: process.env.KABUTO_TEST_TIMEOUT_MS ? 60_000 : 5_000 });

if (!window.matchMedia) window.matchMedia = (query: string) => mediaQueryList(query, false);
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
window.scrollTo = () => undefined;
// jsdom has no styles of pseudo-elements: asked for one, it answers the element's own.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);
// jsdom has no pointer capture (a bottom sheet's drag handling asks for it on a press).
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.hasPointerCapture = () => false;
}
