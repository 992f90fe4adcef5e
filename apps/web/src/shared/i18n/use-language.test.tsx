import { act, render, screen } from '@testing-library/react';
import { useConfig } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { AppProviders, loadAntdLocale } from '../../app/providers';
import { i18n } from './index';
import { useLanguage } from './setup';

function Shown() {
  const language = useLanguage();
  const { locale } = useConfig();
  return (
    <p data-testid="shown">
      {language} {locale.locale}
    </p>
  );
}

describe('useLanguage', () => {
  it('follows a change of language', async () => {
    render(<Shown />);
    expect(screen.getByTestId('shown').textContent).toMatch(/^us /);
    await act(() => i18n.changeLanguage('jp'));
    expect(screen.getByTestId('shown').textContent).toMatch(/^jp /);
  });
});

describe('antd-mobile texts', () => {
  it('are in the reader’s language on the first render once fetched with the config', async () => {
    await i18n.changeLanguage('jp');
    await loadAntdLocale('jp');
    const renders: string[] = [];
    function Probe() {
      renders.push(useConfig().locale.locale);
      return null;
    }
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(renders[0]).toBe('ja-JP');
    expect(new Set(renders)).toEqual(new Set(['ja-JP']));
  });
});
