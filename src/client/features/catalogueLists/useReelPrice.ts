/** The reel wizard's cascade (docs/data.md Reel wizard): sizes → the size's diameters → the price of size × diameter × engine. */
import { useState } from 'react';
import { Code } from '../../../shared/codes';
import { NOT_AVAILABLE } from '../../../shared/format';
import type { ApiRejection } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import { reelDiameters, reelPrice, reelSizes } from './catalogueApi';
import type { ReelPrice } from '../../../shared/catalogueAnswers';
import type { Option } from './types';

const NO_OPTIONS: Option[] = [];

/** Loads options whenever `key` is set (none until then, and none if refused: already notified). */
function useOptions(name: string, key: number | undefined, load: (key: number) => Promise<Option[]>): Option[] {
  const { data } = useApiQuery(['reel', name, key], () => load(key!), key !== undefined);
  return data ?? NO_OPTIONS;
}

/** 30001 is the spec's "No disponible"; anything else says what the server said. */
const refusal = (error: ApiRejection) => (error.envelope?.code === Code.warning ? NOT_AVAILABLE : error.message || NOT_AVAILABLE);

export type PriceState
  = { status: 'idle' } | { status: 'loading' } | { status: 'priced'; price: ReelPrice } | { status: 'refused'; message: string };

export function useReelPrice(reelId: number, fareId: number | null) {
  const [sizeId, setSizeId] = useState<number>();
  const [diameter, setDiameter] = useState<number>();
  const [engine, setEngine] = useState(false);
  const sizes = useOptions('sizes', reelId, reelSizes);
  const diameters = useOptions('diameters', sizeId, reelDiameters);

  const chosen = sizeId !== undefined && diameter !== undefined;
  const priced = useApiQuery(
    ['reel', 'price', sizeId, diameter, engine, fareId],
    () => reelPrice({ reel_subcategory_id: sizeId!, diameter: diameter!, engine, client_fare_id: fareId }),
    chosen,
  );
  const price: PriceState = !chosen ? { status: 'idle' }
    : priced.data && !priced.isError ? { status: 'priced', price: priced.data }
      : priced.isError ? { status: 'refused', message: refusal(priced.error as ApiRejection) }
        : { status: 'loading' };

  /** A new size has other diameters: the chosen one no longer applies. */
  const chooseSize = (id: number) => { setSizeId(id); setDiameter(undefined); };
  return { sizes, diameters, sizeId, diameter, engine, price, chooseSize, setDiameter, setEngine };
}
