/** Every declared resource. Adding a plain resource: a schema file here plus its table (README). */
import type { ResourceSchema } from '../src/shared/resource';
import { announcement } from './announcement';
import { appSetting } from './appSetting';
import { audit } from './audit';
import { attachedFile, budget, budgetPaycheck } from './budget';
import { category } from './category';
import { client } from './client';
import { clientFare } from './clientFare';
import { countryTax } from './countryTax';
import { document, documentCategory } from './document';
import { invoicingCompany } from './invoicingCompany';
import { item, itemImage, itemPropertyValue } from './item';
import { mailTemplate } from './mailTemplate';
import { dataSheetImage, order } from './order';
import { consignment, productionStep, task } from './logistics';
import { poolCover } from './poolCover';
import { poolCoverType } from './poolCoverType';
import { priceName } from './priceName';
import { reel, reelDiameter, reelSubcategory } from './reel';
import { reinforcementType } from './reinforcementType';
import { tax } from './tax';
import { user } from './user';

export const resources = {
  announcement, appSetting, attachedFile, audit, budget, budgetPaycheck, category, client, clientFare, consignment, countryTax, dataSheetImage, document, documentCategory, invoicingCompany, item, itemImage, itemPropertyValue, mailTemplate, order,
  poolCover, poolCoverType, priceName, productionStep, reel, reelDiameter, reelSubcategory, reinforcementType, task, tax, user,
} satisfies Record<string, ResourceSchema>;

export type ResourceName = keyof typeof resources;

export const resourceList: ResourceSchema[] = Object.values(resources);

export function getResource(name: string): ResourceSchema | undefined {
  return Object.hasOwn(resources, name) ? (resources as Record<string, ResourceSchema>)[name] : undefined;
}
