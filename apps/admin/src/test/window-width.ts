import { vi } from 'vitest';
import { mediaQueryList } from '../../../../test/media-query';

/**
 * A window `width` px wide, as antd's breakpoints read it (through matchMedia). Undo with
 * `vi.unstubAllGlobals()`.
 */
export function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    return mediaQueryList(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}
