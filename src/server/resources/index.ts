/** Server-side behaviour of resources beyond their declaration in `schemas/`. */
import { countryName } from '../../shared/countries';
import { Msg } from '../../shared/messages';
import { forgetSettings } from '../domain/settings';
import type { ResourceHooks } from '../domain/records';
import { userHooks } from './user';

export const resourceHooks: Record<string, ResourceHooks> = {
  user: userHooks,
  countryTax: {
    uniqueErrors: { country_taxes_code_key: { field: 'code', message: Msg.countryTaken } },
    beforeWrite: ({ data }) => ({ ...data, country: countryName(String(data.code)) }),
  },
  appSetting: {
    afterWrite: ({ ctx }) => forgetSettings(ctx.db),
  },
};
