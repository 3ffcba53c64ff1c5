/**
 * The database tables, one file per feature (users, orders, catalogue, items, budgets, order lines,
 * logistics, announcements, documents, time records, dashboard figures, a restore's journal). JS keys equal column names
 * and the schema field names, so the resource engine maps a field to its column by name. Money is
 * numeric(12,2), weights numeric(12,4) (docs/business-rules.md).
 *
 * A plain resource declares its table in its schema file (`schemas/`, schemas/README.md); the ones the
 * server names are re-exported here, so server code imports every table from one place: this index.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import { schemaTables, type ResourceName } from '../../../../schemas';
import { app_settings } from '../../../../schemas/appSetting';
import { categories } from '../../../../schemas/category';
import { client_fares } from '../../../../schemas/clientFare';
import { clients } from '../../../../schemas/client';
import { country_taxes } from '../../../../schemas/countryTax';
import { invoicing_companies } from '../../../../schemas/invoicingCompany';
import { mail_outbox } from '../../../../schemas/mailOutbox';
import { mail_templates } from '../../../../schemas/mailTemplate';
import { pool_cover_types } from '../../../../schemas/poolCoverType';
import { pool_covers } from '../../../../schemas/poolCover';
import { price_names } from '../../../../schemas/priceName';
import { reinforcement_types } from '../../../../schemas/reinforcementType';
import { taxes } from '../../../../schemas/tax';
import { announcements } from './announcements';
import { audits } from './audits';
import { attached_files, budget_paychecks, budgets } from './budgets';
import { reel_diameters, reel_subcategories, reels } from './catalogue';
import { document_categories, documents } from './documents';
import { item_images, item_property_values, items } from './items';
import { consignments, production_steps, tasks } from './logistics';
import { data_sheet_images, order_items } from './orderLines';
import { orders } from './orders';
import { time_entries } from './timeRecords';
import { users } from './users';

export {
  app_settings,
  categories,
  client_fares,
  clients,
  country_taxes,
  invoicing_companies,
  mail_outbox,
  mail_templates,
  pool_cover_types,
  pool_covers,
  price_names,
  reinforcement_types,
  taxes,
};
export * from './announcements';
export * from './audits';
export * from './budgets';
export * from './catalogue';
export * from './documents';
export * from './figures';
export * from './items';
export * from './logistics';
export * from './orderLines';
export * from './orders';
export * from './restores';
export * from './timeRecords';
export * from './users';

/** Every resource's table by resource name: the schema-declared ones and the server's own. */
export const resourceTables = {
  ...schemaTables,
  announcement: announcements,
  attachedFile: attached_files,
  audit: audits,
  budget: budgets,
  budgetPaycheck: budget_paychecks,
  consignment: consignments,
  dataSheetImage: data_sheet_images,
  document: documents,
  documentCategory: document_categories,
  item: items,
  itemImage: item_images,
  itemPropertyValue: item_property_values,
  order: orders,
  orderItem: order_items,
  productionStep: production_steps,
  reel: reels,
  reelDiameter: reel_diameters,
  reelSubcategory: reel_subcategories,
  task: tasks,
  timeEntry: time_entries,
  user: users,
} as const satisfies Record<ResourceName | 'orderItem' | 'timeEntry', PgTable>;
