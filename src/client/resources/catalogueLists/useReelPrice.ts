/** The reel wizard's cascade (spec §4 Reel wizard): sizes → the size's diameters → the price of size × diameter × engine. */
import { useEffect, useState } from 'react';
import { Code } from '../../../shared/codes';
import { NOT_AVAILABLE } from '../../../shared/pricing';
import type { ApiRejection } from '../../providers/http';
import { reelDiameters, reelPrice, reelSizes } from './catalogueApi';
import type { Option, ReelPrice } from './types';

/** Loads options whenever `key` is set; a stale answer (the key changed meanwhile) is dropped. */
function useOptions(key: number | undefined, load: (key: number) => Promise<Option[]>): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    setOptions([]);
    if (key === undefined) return;
    let alive = true;
    load(key).then((rows) => alive && setOptions(rows), () => undefined);
    return () => { alive = false; };
  }, [key, load]);
  return options;
}

export type PriceState = { status: 'idle' } | { status: 'loading' } | { status: 'priced'; price: ReelPrice } | { status: 'refused'; message: string };

export function useReelPrice(reelId: number, fareId: number | null) {
  const [sizeId, setSizeId] = useState<number>();
  const [diameter, setDiameter] = useState<number>();
  const [engine, setEngine] = useState(false);
  const [price, setPrice] = useState<PriceState>({ status: 'idle' });
  const sizes = useOptions(reelId, reelSizes);
  const diameters = useOptions(sizeId, reelDiameters);

  useEffect(() => {
    if (sizeId === undefined || diameter === undefined) return setPrice({ status: 'idle' });
    let alive = true;
    setPrice({ status: 'loading' });
    reelPrice({ reel_subcategory_id: sizeId, diameter, engine, client_fare_id: fareId }).then(
      (row) => alive && setPrice({ status: 'priced', price: row }),
      // 30001 is the spec's "No disponible"; anything else says what the server said.
      (error: ApiRejection) => alive && setPrice({ status: 'refused', message: error.envelope?.code === Code.warning ? NOT_AVAILABLE : error.message || NOT_AVAILABLE }),
    );
    return () => { alive = false; };
  }, [sizeId, diameter, engine, fareId]);

  /** A new size has other diameters: the chosen one no longer applies. */
  const chooseSize = (id: number) => { setSizeId(id); setDiameter(undefined); };
  return { sizes, diameters, sizeId, diameter, engine, price, chooseSize, setDiameter, setEngine };
}
