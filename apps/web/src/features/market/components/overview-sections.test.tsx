import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import { Alerts, Sectors } from './overview-sections';

const sector = {
  sector: 'tech',
  name: 'Electric Appliances and Precision Instruments',
  count: 12,
  advancers: 7,
  decliners: 5,
  averageChangePercent: '1.25',
  leader: { code: '6758', name: 'Sony Group Corporation Holdings', changePercent: '-12.34' },
};

describe('industry tiles', () => {
  it('show the leader’s whole change in its own unshrinking part, apart from the name that may shorten', async () => {
    await renderInApp(<Sectors sectors={[sector]} />);
    const change = screen.getByText('-12.34%');
    expect(change).toHaveClass('kb-mk-sector__leader-change');
    expect(change.closest('.kb-mk-sector__leader-name')).toBeNull();
    expect(screen.getByText('Sony Group Corporation Holdings')).toHaveClass('kb-mk-sector__leader-name');
    expect(screen.getByText('+1.25%')).toBeInTheDocument();
  });
});

describe('market alerts', () => {
  it('name a volume spike as such', async () => {
    await renderInApp(
      <Alerts
        market="jpy"
        alerts={[
          { kind: 'volume_spike', code: '7203', name: 'Toyota', price: '2850.0', changePercent: '0.40' },
        ]}
      />,
    );
    expect(screen.getByText('Volume spike')).toBeInTheDocument();
    expect(screen.getByText('2,850.0')).toBeInTheDocument();
  });
});
