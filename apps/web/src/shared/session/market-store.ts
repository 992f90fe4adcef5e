import { DEFAULT_MARKET, MARKETS, type Market } from '@kabuto/contract';
import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}

interface MarketState {
  market: Market;
  setMarket(market: Market): void;
}

/** The selected market, stored under `stock` (SPEC §1); every call carries it as `type` (SPEC §8). */
export const useMarketStore = create<MarketState>((set) => {
  const stored = readStorage(STORAGE_KEYS.stock);
  return {
    market: isMarket(stored) ? stored : DEFAULT_MARKET,
    setMarket(market) {
      writeStorage(STORAGE_KEYS.stock, market);
      set({ market });
    },
  };
});

export const useMarket = () => useMarketStore((s) => s.market);
export const currentMarket = () => useMarketStore.getState().market;
