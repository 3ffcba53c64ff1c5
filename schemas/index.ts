/**
 * Every declared resource, and the tables declared beside them. Adding a plain resource (schemas/README.md):
 * its file here, its name in the list below and its table in `schemaTables`.
 */
import type { ResourceSchema } from '../src/shared/resource';
import { announcement } from './announcement';
import { appSetting, app_settings } from './appSetting';
import { auditedResources, auditOf } from './audit';
import { attachedFile, budget, budgetPaycheck } from './budget';
import { category, categories } from './category';
import { client, clients } from './client';
import { clientFare, client_fares } from './clientFare';
import { countryTax, country_taxes } from './countryTax';
import { document, documentCategory } from './document';
import { invoicingCompany, invoicing_companies } from './invoicingCompany';
import { item, itemImage, itemPropertyValue } from './item';
import { mailOutbox, mail_outbox } from './mailOutbox';
import { mailTemplate, mail_templates } from './mailTemplate';
import { dataSheetImage, order } from './order';
import { consignment, productionStep, task } from './logistics';
import { poolCover, pool_covers } from './poolCover';
import { poolCoverType, pool_cover_types } from './poolCoverType';
import { priceName, price_names } from './priceName';
import { reel, reelDiameter, reelSubcategory } from './reel';
import { reinforcementType, reinforcement_types } from './reinforcementType';
import { tax, taxes } from './tax';
import { user } from './user';

const audited = {
  announcement,
  appSetting,
  attachedFile,
  budget,
  budgetPaycheck,
  category,
  client,
  clientFare,
  consignment,
  countryTax,
  dataSheetImage,
  document,
  documentCategory,
  invoicingCompany,
  item,
  itemImage,
  itemPropertyValue,
  mailOutbox,
  mailTemplate,
  order,
  poolCover,
  poolCoverType,
  priceName,
  productionStep,
  reel,
  reelDiameter,
  reelSubcategory,
  reinforcementType,
  task,
  tax,
  user,
} satisfies Record<string, ResourceSchema>;

/** The audit trail: each row's resource by the Spanish name of the declared one it was written for. */
const audit = auditOf(auditedResources(Object.values(audited)));

export const resources = { ...audited, audit } satisfies Record<string, ResourceSchema>;

/**
 * The tables declared in schema files, by resource name; the server adds its own (`db/tables.ts`).
 * The browser never reads this, so the bundler drops it with the tables.
 */
export const schemaTables = {
  appSetting: app_settings,
  category: categories,
  client: clients,
  clientFare: client_fares,
  countryTax: country_taxes,
  invoicingCompany: invoicing_companies,
  mailOutbox: mail_outbox,
  mailTemplate: mail_templates,
  poolCover: pool_covers,
  poolCoverType: pool_cover_types,
  priceName: price_names,
  reinforcementType: reinforcement_types,
  tax: taxes,
};

export type ResourceName = keyof typeof resources;

export const resourceList: ResourceSchema[] = Object.values(resources);

export function getResource(name: string): ResourceSchema | undefined {
  return Object.hasOwn(resources, name) ? (resources as Record<string, ResourceSchema>)[name] : undefined;
}
