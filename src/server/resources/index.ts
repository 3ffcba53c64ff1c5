/** Server-side behaviour of resources beyond their declaration in `schemas/`. */
import { countryName } from '../../shared/countries';
import { Msg } from '../../shared/messages';
import { forgetSettings } from '../domain/settings';
import type { ResourceHooks } from '../domain/records';
import { REINFORCED_COVER_TYPE } from '../../shared/catalogue';
import { userHooks } from './user';

export const resourceHooks: Record<string, ResourceHooks> = {
  user: userHooks,
  countryTax: {
    uniqueErrors: { country_taxes_code_key: { field: 'code', message: Msg.countryTaken } },
    beforeWrite: ({ data }) => ({ ...data, country: countryName(String(data.code)) }),
  },
  poolCover: {
    // Only the reinforced blanket keeps a reinforcement image; changing the type drops it.
    beforeWrite: ({ data }) => (Number(data.pool_cover_type_id) === REINFORCED_COVER_TYPE ? data : { ...data, without_reinforcement_image: null }),
  },
  appSetting: {
    afterWrite: ({ ctx }) => forgetSettings(ctx.db),
  },
};
