/** Server-side behaviour of resources beyond their declaration in `schemas/`. */
import { countryName } from '../../shared/countries';
import { Msg } from '../../shared/messages';
import { forgetSettings } from '../domain/settings';
import type { ResourceHooks } from '../domain/records';
import { REINFORCED_COVER_TYPE } from '../../shared/catalogue';
import { syncSubSizes, withDiameterNames, withSubSizes, type SubSize } from '../domain/reels';
import { reel_diameters } from '../db/tables';
import { eq, sql } from 'drizzle-orm';
import { invalid } from '../errors';
import { attachedFileHooks, budgetHooks, budgetPaycheckHooks } from './budgets';
import { itemHooks, itemPropertyValueHooks } from './items';
import { dataSheetImageHooks, orderHooks } from './orders';
import { consignmentHooks, productionStepHooks, taskHooks } from './logistics';
import { userHooks } from './user';
import { mailTemplateHooks } from './mailTemplate';
import { documentCategoryHooks, documentHooks } from './documents';
import { announcementHooks } from './announcements';

export const resourceHooks: Record<string, ResourceHooks> = {
  user: userHooks,
  mailTemplate: mailTemplateHooks,
  announcement: announcementHooks,
  countryTax: {
    beforeWrite: ({ data }) => ({ ...data, country: countryName(String(data.code)) }),
  },
  poolCover: {
    // Only the reinforced blanket keeps a reinforcement image; changing the type drops it.
    beforeWrite: ({ data }) =>
      Number(data.pool_cover_type_id) === REINFORCED_COVER_TYPE ? data : { ...data, without_reinforcement_image: null },
  },
  reel: {
    uniqueErrors: { reel_subcategories_size_key: { field: 'reels_subcategories', message: Msg.reelSizeRepeated } },
    expand: withSubSizes,
    async afterWrite({ tx, mode, after, data }) {
      if (mode !== 'delete' && after && data?.reels_subcategories)
        await syncSubSizes(tx, after.id as number, data.reels_subcategories as SubSize[]);
    },
  },
  reelSubcategory: {
    async beforeDelete({ tx, existing }) {
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reel_diameters)
        .where(eq(reel_diameters.reel_subcategory_id, existing.id as number));
      if (used.n > 0) throw invalid({ _form: Msg.sizeInUse }, Msg.sizeInUse);
    },
  },
  reelDiameter: {
    uniqueErrors: { reel_diameters_combination_key: { field: 'diameter', message: Msg.diameterTaken } },
    expand: withDiameterNames,
  },
  attachedFile: attachedFileHooks,
  budget: budgetHooks,
  budgetPaycheck: budgetPaycheckHooks,
  consignment: consignmentHooks,
  document: documentHooks,
  documentCategory: documentCategoryHooks,
  task: taskHooks,
  productionStep: productionStepHooks,
  dataSheetImage: dataSheetImageHooks,
  item: itemHooks,
  order: orderHooks,
  itemPropertyValue: itemPropertyValueHooks,
  priceName: {
    afterWrite: ({ ctx }) => forgetSettings(ctx.db),
  },
  appSetting: {
    afterWrite: ({ ctx }) => forgetSettings(ctx.db),
  },
};
